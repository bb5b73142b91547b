import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import { ASSETS_DIR, CARRIED_LIST, carryAssets } from '../../scripts/lib/swap-dist.ts';
import { FIXTURES_DIR } from '../support/test-build.ts';
import { writeCorpus } from '../support/records.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A build folder whose ASSETS_DIR holds `files` (name to content). */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'carry-'));
  await mkdir(join(dir, ASSETS_DIR));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, ASSETS_DIR, name), text);
  return dir;
}
const assets = async (dir: string) => (await readdir(join(dir, ASSETS_DIR))).sort();
const carriedList = async (dir: string) =>
  (await readFile(join(dir, ASSETS_DIR, CARRIED_LIST), 'utf8')).split('\n').filter(Boolean);

describe("the previous build's assets stay one build longer", () => {
  it('copies the assets the new build lacks, not their compressed siblings (the build makes its own), and never overwrites one', async () => {
    const previous = await folder({
      'page.A1.js': 'old page',
      'page.A1.js.br': 'x',
      'site.A1.css': 'old css',
      'shared.S.js': 'old shared',
    });
    const next = await folder({ 'page.B2.js': 'new page', 'shared.S.js': 'new shared' });
    expect(await carryAssets(previous, next)).toEqual(['page.A1.js', 'site.A1.css']);
    expect(await assets(next)).toEqual([CARRIED_LIST, 'page.A1.js', 'page.B2.js', 'shared.S.js', 'site.A1.css']);
    expect(await readFile(join(next, ASSETS_DIR, 'shared.S.js'), 'utf8')).toBe('new shared');
    expect(await readFile(join(next, ASSETS_DIR, 'page.A1.js'), 'utf8')).toBe('old page');
    expect(await carriedList(next)).toEqual(['page.A1.js', 'site.A1.css']);

    // The build after: only what `next` built itself is carried; what it carried goes.
    const third = await folder({ 'page.C3.js': 'third page', 'shared.S.js': 'new shared' });
    expect(await carryAssets(next, third)).toEqual(['page.B2.js']);
    expect(await assets(third)).toEqual([CARRIED_LIST, 'page.B2.js', 'page.C3.js', 'shared.S.js']);
  });

  it('carries nothing from a first build, or from a folder without assets', async () => {
    const next = await folder({ 'page.B2.js': 'new page' });
    expect(await carryAssets(join(tmpdir(), 'no-such-build-dir'), next)).toEqual([]);
    expect(existsSync(join(next, ASSETS_DIR, CARRIED_LIST))).toBe(false);
  });

  it("npm run build keeps the replaced build's scripts, listed in the integrity manifest and precompressed like the others", async () => {
    const corpus = await writeCorpus({});
    await cp(FIXTURES_DIR, corpus, { recursive: true });
    const dist = join(await mkdtemp(join(tmpdir(), 'carry-dist-')), 'site');
    const script = 'console.log("a page of the previous build");\n'.repeat(100);
    await mkdir(join(dist, ASSETS_DIR), { recursive: true });
    await writeFile(join(dist, ASSETS_DIR, 'previous.Zz9.js'), script);
    const code = await new Promise<number | null>((done) => {
      const child = spawn(process.execPath, ['scripts/build.ts'], {
        cwd: ROOT,
        env: { ...process.env, CONTENT_DIR: corpus, DIST_DIR: dist },
        stdio: 'ignore',
      });
      child.on('close', done);
    });
    expect(code).toBe(0);
    expect(await readFile(join(dist, ASSETS_DIR, 'previous.Zz9.js'), 'utf8')).toBe(script);
    expect(await carriedList(dist)).toEqual(['previous.Zz9.js']);
    expect(existsSync(join(dist, ASSETS_DIR, 'previous.Zz9.js.br'))).toBe(true);
    const manifest = await (await openIntegrity(dist)).all();
    expect(manifest[`${ASSETS_DIR}/previous.Zz9.js`]?.bytes).toBe(Buffer.byteLength(script));
  }, 180_000);
});
