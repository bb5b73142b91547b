import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import { INTEGRITY_BUCKET_ENTRIES, integrityBucket } from '../../src/lib/integrity.ts';
import { describe, expect, it } from 'vitest';
import { isCompressible, listFiles, PRECOMPRESS_MIN_BYTES } from '../../scripts/lib/output-files.ts';
import { WORK_ROOT } from '../../scripts/lib/swap-dist.ts';
import { FIXTURES_DIR } from '../support/test-build.ts';
import { writeCorpus } from '../support/records.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** A folder outside the project, holding a "last good build" marker. */
async function outsideDist(): Promise<{ dist: string; corpus: string }> {
  const corpus = await writeCorpus({});
  await cp(FIXTURES_DIR, corpus, { recursive: true });
  const dist = join(await writeCorpus({}), 'out/site');
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'last-good.txt'), 'the last good build');
  return { dist, corpus };
}
/** Starts `npm run build` in its own process group, so a kill reaches Astro too. */
function startBuild(corpus: string, dist: string) {
  const child = spawn(process.execPath, ['scripts/build.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: corpus, DIST_DIR: dist },
    detached: true,
    stdio: 'ignore',
  });
  const exit = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { child, exit };
}
/** Waits until the build's work folder holds `entries` entries (Astro is writing the site), then returns its path. */
async function workFolderOf(pid: number, entries: number): Promise<string> {
  for (let i = 0; i < 3000; i++) {
    const name = (await readdir(WORK_ROOT).catch(() => [])).find((n) => n.startsWith(`.site.work-${pid}-`));
    if (name && (await readdir(join(WORK_ROOT, name)).catch(() => [])).length >= entries) return join(WORK_ROOT, name);
    await sleep(10);
  }
  throw new Error('the build never wrote its work folder');
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('atomic builds', () => {
  it('keeps the last good output through a SIGTERM and a SIGKILL mid-build, then swaps in a complete build outside the project', async () => {
    const { dist, corpus } = await outsideDist();

    const stopped = startBuild(corpus, dist);
    const stoppedWork = await workFolderOf(stopped.child.pid!, 1);
    process.kill(-stopped.child.pid!, 'SIGTERM');
    expect(await stopped.exit).toBe(1);
    expect(existsSync(stoppedWork)).toBe(false);
    expect(await readdir(dist)).toEqual(['last-good.txt']);

    const killed = startBuild(corpus, dist);
    const killedWork = await workFolderOf(killed.child.pid!, 3);
    process.kill(-killed.child.pid!, 'SIGKILL');
    await killed.exit;
    expect(await readdir(dist)).toEqual(['last-good.txt']);
    expect(existsSync(killedWork)).toBe(true);

    const done = startBuild(corpus, dist);
    expect(await done.exit).toBe(0);
    expect(existsSync(killedWork)).toBe(false);
    expect(existsSync(join(dist, 'last-good.txt'))).toBe(false);
    const beside = await readdir(join(dist, '..'));
    expect(beside).toEqual(['.builds', 'site']);

    // The integrity manifest lists every file but dotfiles and compressed siblings, with its size and hash: a small
    // head, and the entries in buckets of about INTEGRITY_BUCKET_ENTRIES, each entry in the bucket of its path.
    const head = JSON.parse(await readFile(join(dist, '.integrity.json'), 'utf8'));
    expect(Object.keys(head)).toEqual(['buildId', 'buckets']);
    const all = await listFiles(dist);
    const listed = all.filter((p) => !p.startsWith('.') && !/\.(br|gz)$/.test(p));
    expect(head.buckets).toBe(Math.max(1, Math.ceil(listed.length / INTEGRITY_BUCKET_ENTRIES)));
    for (let n = 0; n < head.buckets; n++) {
      const bucket = JSON.parse(await readFile(join(dist, `.integrity/${n}.json`), 'utf8')) as Record<string, unknown>;
      for (const path of Object.keys(bucket)) expect(integrityBucket(path, head.buckets), path).toBe(n);
    }
    const manifest = { files: await (await openIntegrity(dist)).all() };
    expect(Object.keys(manifest.files)).toEqual(listed);
    expect(listed).toContain('api/v1/facts/page-1138e51df19ae9a2');
    for (const path of listed) {
      const bytes = await readFile(join(dist, path));
      expect(manifest.files[path], path).toEqual({ sha256: sha256(bytes), bytes: bytes.length });
      // Precompressed siblings beside every compressible file of 1 KiB or more, and only there.
      const big = isCompressible(path) && bytes.length >= PRECOMPRESS_MIN_BYTES;
      expect(all.includes(`${path}.br`) && all.includes(`${path}.gz`), path).toBe(big);
      if (big) {
        expect(brotliDecompressSync(await readFile(join(dist, `${path}.br`))).equals(bytes)).toBe(true);
        expect(gunzipSync(await readFile(join(dist, `${path}.gz`))).equals(bytes)).toBe(true);
      }
    }
    expect(all.filter((p) => p.startsWith('api/v1/facts/') && p.endsWith('.br')).length).toBeGreaterThan(0);

    // Nothing published reveals the content directory; static hosts are told to skip dotfiles and siblings.
    const stamp = await readFile(join(dist, '.build-stamp.json'), 'utf8');
    expect(stamp).not.toContain(corpus);
    // The build's folder is named by the digest of its inputs, and DIST_DIR is a link to it.
    expect(JSON.parse(stamp).digest).toBe(basename(await realpath(dist)));
    expect(dirname(await realpath(dist))).toBe(join(dist, '../.builds'));
    const ignored = (await readFile(join(dist, '.assetsignore'), 'utf8')).split('\n');
    for (const pattern of ['.build-stamp.json', '.integrity.json', '.integrity/', '*.br', '*.gz'])
      expect(ignored).toContain(pattern);
    expect(await readFile(join(dist, '_headers'), 'utf8')).not.toContain('unsafe-inline');
  }, 180_000);

  it('removes only abandoned temp folders: a live build keeps its own', async () => {
    const { removeLeftovers } = await import('../../scripts/lib/swap-dist.ts');
    const { dist } = await outsideDist();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const abandoned = join(dist, '..', `.site.staging-${dead}-0badc0de`);
    const live = join(dist, '..', `.site.staging-${process.pid}-0badc0de`);
    const other = join(dist, '..', `.other.staging-${dead}-0badc0de`);
    for (const folder of [abandoned, live, other]) await mkdir(folder);
    expect(await removeLeftovers(dist)).toEqual([abandoned]);
    expect([existsSync(abandoned), existsSync(live), existsSync(other)]).toEqual([false, true, true]);
  });
});
