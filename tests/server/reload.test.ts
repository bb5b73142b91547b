/**
 * A running server and the builds other commands make: it reads only the build it loaded (by its real folder), moves
 * to a newer build DIST_DIR shows only once that build is verified, made for its own address and loaded, and tells
 * through /readyz when the build it serves was damaged.
 */
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { BUILDS_FOLDER, pointDistAt } from '../../src/adapters/builds/build-store.ts';
import { openIntegrity, writeIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import { readSettings } from '../../src/lib/config.ts';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

let root = '';
let base = '';
const logs: string[] = [];
const errors: string[] = [];
const OWN = testSettings.SITE_URL;
const OTHER = 'http://localhost:4999';

/** A copy of the test build as `.builds/<name>`, its home page titled `title`, its stamp naming `siteUrl`. */
async function variant(name: string, title: string, siteUrl: string): Promise<string> {
  const dir = join(root, BUILDS_FOLDER, name);
  await cp(testBuildEnv.DIST_DIR!, dir, { recursive: true, dereference: true });
  const page = `<!doctype html><title>${title}</title>`;
  await writeFile(join(dir, 'index.html'), page);
  for (const sibling of ['index.html.br', 'index.html.gz']) await unlink(join(dir, sibling)).catch(() => undefined);
  const files = await (await openIntegrity(dir)).all();
  files['index.html'] = { sha256: createHash('sha256').update(page).digest('hex'), bytes: Buffer.byteLength(page) };
  await writeIntegrity(dir, files);
  const head = JSON.parse(await readFile(join(dir, '.integrity.json'), 'utf8')) as { buildId: string };
  await writeFile(join(dir, '.integrity.json'), JSON.stringify({ ...head, buildId: title }));
  await writeFile(join(dir, '.build-stamp.json'), JSON.stringify({ SITE_URL: siteUrl, digest: name }));
  return dir;
}

let site: ReturnType<typeof createSiteServer>;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'reload-'));
  await pointDistAt(join(root, 'dist'), await variant('aaaaaaaaaaaaaaaa', 'build-A', OWN));
  site = createSiteServer(
    readSettings({ ...testBuildEnv, DIST_DIR: join(root, 'dist'), RATE_LIMIT_PER_MINUTE: '4', TRUST_PROXY: '1' }),
    { reloadIntervalMs: 50, log: (line) => logs.push(line), logError: (line) => errors.push(line) },
  );
  expect((await site.warm()).ok).toBe(true);
  await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((done) => site.server.close(done));
  await rm(root, { recursive: true, force: true });
});

const page = async () => (await fetch(`${base}/`)).text();
const ready = async () => {
  const response = await fetch(`${base}/readyz`);
  return {
    status: response.status,
    body: (await response.json()) as { status?: string; error?: { code: string; message: string } },
  };
};
const users = async () => (await readdir(join(root, BUILDS_FOLDER, '.users')).catch(() => [] as string[])).sort();

describe('a server and the builds of its checkout', () => {
  it('moves to a newer build for its own address once loaded, keeping its quota, and records which build it uses', async () => {
    expect(await page()).toContain('build-A');
    expect(await users()).toEqual([`aaaaaaaaaaaaaaaa.${process.pid}`]);
    const counted = { headers: { 'x-forwarded-for': '192.0.2.1' } };
    await fetch(`${base}/api/v1/?po_live=1`, counted); // API request 1 of 4
    const next = await variant('bbbbbbbbbbbbbbbb', 'build-B', OWN);
    await pointDistAt(join(root, 'dist'), next);
    expect(await site.checkForNewBuild()).toBe(true);
    expect(site.build).toBe(next);
    expect(await page()).toContain('build-B');
    expect(logs.some((line) => line.includes('(build-B)'))).toBe(true);
    expect(await users()).toEqual([`bbbbbbbbbbbbbbbb.${process.pid}`]);
    // The same quota across builds: requests 2 to 4 pass, 5 is refused.
    for (let i = 2; i <= 4; i++) expect((await fetch(`${base}/api/v1/?po_live=1`, counted)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/?po_live=1`, counted)).status).toBe(429);
  });

  it('keeps serving its build while DIST_DIR is missing, and reports no change', async () => {
    const dist = join(root, 'dist');
    await rm(dist);
    expect(await site.checkForNewBuild()).toBe(false);
    expect(await page()).toContain('build-B');
    await pointDistAt(dist, site.build);
    expect(await site.checkForNewBuild()).toBe(false);
  });

  it('keeps its own build, every link and Location on its own address, when DIST_DIR shows a build for another address', async () => {
    await pointDistAt(join(root, 'dist'), await variant('cccccccccccccccc', 'build-C', OTHER));
    expect(await site.checkForNewBuild()).toBe(true);
    expect(await page()).toContain('build-B');
    expect(logs.at(-1)).toBe(
      `[server] ${join(root, 'dist')} now shows ${join(root, BUILDS_FOLDER, 'cccccccccccccccc')}, made for SITE_URL ${OTHER}; this server serves ${OWN} and keeps its own build ${join(root, BUILDS_FOLDER, 'bbbbbbbbbbbbbbbb')}`,
    );
    const facts = (await (
      await fetch(`${base}/api/v1/facts?po_live=1&q=permis&limit=50`, { headers: { 'x-forwarded-for': 'other' } })
    ).json()) as { results: { url: string }[] };
    expect(facts.results.length).toBeGreaterThan(0);
    for (const fact of facts.results) expect(fact.url.startsWith(`${OWN}/`)).toBe(true);
    const redirect = await fetch(`${base}/api/v1/facts?q=permis`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': 'other' },
    });
    expect(redirect.headers.get('location')).toBe(`${OWN}/api/v1/facts?q=permis&po_live=1`);
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('refuses a newer build for its own address that fails its integrity check, and says why', async () => {
    const broken = await variant('dddddddddddddddd', 'build-D', OWN);
    await writeFile(join(broken, 'api/v1/openapi.json'), '{}');
    await pointDistAt(join(root, 'dist'), broken);
    expect(await site.checkForNewBuild()).toBe(true);
    expect(await page()).toContain('build-B');
    expect(errors.at(-1)).toMatch(
      new RegExp(
        `^\\[server\\] new build in ${broken} refused: The build in ${broken} is damaged; run npm run build:\\n  - api/v1/openapi.json: 2 bytes, the build wrote \\d+ bytes; still serving ${site.build}$`,
      ),
    );
  });

  it('answers /readyz 503 with the reason once a file of the build it serves is damaged', async () => {
    expect((await ready()).status).toBe(200);
    const served = site.build;
    await writeFile(join(served, 'search/listing.json'), '[]');
    expect(await ready()).toEqual({
      status: 503,
      body: {
        error: {
          code: 'not_ready',
          message: `the build in ${served} changed after it was loaded (search/listing.json was rewritten); restart or rebuild`,
        },
      },
    });
    expect(basename(served)).toBe('bbbbbbbbbbbbbbbb');
  });
});
