import { spawn } from 'node:child_process';
import { mkdtemp, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';
import { testSettings } from '../support/test-build.ts';
import { linkCopy } from '../support/link-copy.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `npm start` over a copy of the test build with a corpus that cannot build; resolves at "ready" or exit. */
async function startWithFailingRebuild(prepare: (dist: string) => Promise<void> = async () => {}) {
  const corpus = await writeCorpus({ 'broken.md': recordSource(factFrontmatter({ regions: ['bxl'] })) });
  const dist = join(await mkdtemp(join(tmpdir(), 'permis-start-')), 'dist');
  await linkCopy(testSettings.DIST_DIR, dist);
  await prepare(dist);
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CONTENT_DIR: corpus,
      DIST_DIR: dist,
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_URL: testSettings.SITE_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const outcome = await new Promise<{ port?: number; exit?: number | null }>((done) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const port = /ready .* on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)?.[1];
      if (port) done({ port: Number(port) });
    });
    child.on('close', (exit) => done({ exit }));
  });
  return { ...outcome, stderr: () => stderr, stop: () => child.kill('SIGTERM') };
}

describe('npm start when the rebuild fails', () => {
  it('serves the last good build with a loud warning', async () => {
    const run = await startWithFailingRebuild();
    try {
      expect(run.port).toBeGreaterThan(0);
      expect(run.stderr()).toContain('regions[0]: Invalid option');
      expect(run.stderr()).toContain('*** WARNING: the build failed (above); serving the LAST GOOD BUILD from');
      const response = await fetch(`http://127.0.0.1:${run.port}/api/v1/facts?po_live=1&limit=1`);
      expect(response.status).toBe(200);
    } finally {
      run.stop();
    }
  }, 120_000);

  it('refuses to start when the last build has no integrity manifest', async () => {
    const run = await startWithFailingRebuild((dist) => unlink(join(dist, '.integrity.json')));
    expect(run.exit).toBe(1);
    expect(run.stderr()).toMatch(
      /\.integrity\.json is missing \(ENOENT\): this is not a complete build of this version; run npm run build\n/,
    );
  }, 120_000);
});
