import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/adapters/node-server.ts';
import { readSettings } from '../../src/lib/config.ts';
import { writeIntegrity } from '../../src/adapters/integrity-files.ts';

let root = '';
let base = '';
const logs: string[] = [];
const errors: string[] = [];

/** A small fake build: a home page, the catalogue, and the manifest naming its build id. */
async function writeBuild(dir: string, name: string): Promise<void> {
  await mkdir(join(dir, 'api/v1'), { recursive: true });
  const files: Record<string, string> = { 'index.html': `<!doctype html><title>${name}</title>`, 'api/v1/index.json': JSON.stringify({ build: name }) };
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  // The API reads only what the manifest lists, with its size and hash.
  const listed = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, { sha256: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) }]));
  await writeIntegrity(dir, listed);
  // The build's own id comes from its content; here the head names the build, so the log can be checked by name.
  await writeFile(join(dir, '.integrity.json'), JSON.stringify({ buildId: name, buckets: 1 }));
}

/** Swaps `next` into `dist` the way an atomic build does: two renames. */
async function swapIn(next: string, dist: string): Promise<void> {
  await rename(dist, `${dist}.old`);
  await rename(next, dist);
  await rm(`${dist}.old`, { recursive: true });
}

let site: ReturnType<typeof createSiteServer>;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'reload-'));
  await writeBuild(join(root, 'dist'), 'build-A');
  site = createSiteServer(readSettings({ DIST_DIR: join(root, 'dist'), RATE_LIMIT_PER_MINUTE: '4' }), { reloadIntervalMs: 50, log: (line) => logs.push(line), logError: (line) => errors.push(line) });
  await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => site.server.close(done));
  await rm(root, { recursive: true, force: true });
});

const page = async () => (await fetch(`${base}/`)).text();
const catalogue = async () => (await fetch(`${base}/api/v1/?po_live=1`)).json() as Promise<{ build?: string; error?: { code: string } }>;

/** Requests until `check` passes (the switch happens in the background, after at most the interval). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('the server never moved to the new build');
}

describe('reload after a new build', () => {
  it('moves to a build swapped into DIST_DIR without a restart, pages and API alike, keeping the rate limiter', async () => {
    expect(await page()).toContain('build-A');
    expect((await catalogue()).build).toBe('build-A'); // API request 1 of 4

    await writeBuild(join(root, 'next'), 'build-B');
    await swapIn(join(root, 'next'), join(root, 'dist'));
    await new Promise((r) => setTimeout(r, 60));
    await eventually(async () => (await page()).includes('build-B'));
    expect((await catalogue()).build).toBe('build-B'); // API request 2: a fresh handler, not its cached catalogue
    expect(logs.some((line) => line.includes('(build-B)'))).toBe(true);

    // The same limiter instance counts across builds: requests 3 and 4 pass, 5 is refused.
    await catalogue();
    await catalogue();
    expect((await catalogue()).error?.code).toBe('rate_limited');
  });

  it('keeps serving the current build while DIST_DIR is missing mid-swap, and reports no change', async () => {
    const dist = join(root, 'dist');
    await rename(dist, `${dist}.aside`);
    expect(await site.checkForNewBuild()).toBe(false);
    await rename(`${dist}.aside`, dist);
    expect(await site.checkForNewBuild()).toBe(false);
  });

  it('also notices a build written in place (its manifest rewritten)', async () => {
    await writeBuild(join(root, 'dist'), 'build-C');
    expect(await site.checkForNewBuild()).toBe(true);
    expect(await page()).toContain('build-C');
  });

  it('refuses a build made for another SITE_URL, keeps the current one and says so in the log', async () => {
    const next = join(root, 'next-elsewhere');
    await writeBuild(next, 'build-D');
    await writeFile(join(next, '.build-stamp.json'), JSON.stringify({ SITE_URL: 'http://localhost:9999' }));
    await swapIn(next, join(root, 'dist'));
    await site.checkForNewBuild();
    expect(await page()).toContain('build-C');
    expect(logs.some((line) => line.includes('(build-D)'))).toBe(false);
    expect(errors.at(-1)).toBe(
      `[server] new build in ${join(root, 'dist')} refused: it was made for SITE_URL http://localhost:9999, this server serves http://localhost:4321; still serving the previous build (rebuild with SITE_URL=http://localhost:4321)`,
    );
  });

  it('swaps in a build made for its own SITE_URL', async () => {
    const next = join(root, 'next-here');
    await writeBuild(next, 'build-E');
    await writeFile(join(next, '.build-stamp.json'), JSON.stringify({ SITE_URL: 'http://localhost:4321' }));
    await swapIn(next, join(root, 'dist'));
    expect(await site.checkForNewBuild()).toBe(true);
    expect(await page()).toContain('build-E');
  });
});
