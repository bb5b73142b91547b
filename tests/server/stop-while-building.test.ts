/**
 * `npm start` stopped during its first build: SIGTERM or SIGINT reaches the Astro build it started, so no build is
 * left running without its parent (issue 26: no orphan process, whatever started the server), the process exits 0
 * without serving, and the unfinished build folder is removed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WORK_ROOT } from '../../scripts/lib/swap-dist.ts';
import { alive, descendants, until } from '../support/processes.ts';
import { testBuildEnv } from '../support/test-build.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Starts scripts/start.ts on an empty DIST_DIR, so that it builds first, and waits until the Astro build runs. */
async function startBuilding() {
  const parent = await mkdtemp(join(tmpdir(), 'permis-stop-build-'));
  const dist = join(parent, 'dist');
  const env = { ...process.env, ...testBuildEnv, DIST_DIR: dist, PORT: '0', HOST: '127.0.0.1', WORKERS: '1' };
  const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let below: number[] = [];
  cleanups.push(async () => {
    for (const pid of [child.pid!, ...below]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await rm(parent, { recursive: true, force: true });
  });
  const building = await until(
    () => output.includes('Building the site first') && (below = descendants(child.pid!)).length > 0,
    60_000,
  );
  expect(building, output).toBe(true);
  return { child, dist, exited, below: () => below, output: () => output };
}

describe('a stop during the first build', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the Astro build too on ${signal}, exits 0 without serving, and leaves no unfinished build folder`, async () => {
      const run = await startBuilding();
      run.child.kill(signal);
      const code = await Promise.race([
        run.exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000)),
      ]);
      expect(code, run.output()).toBe(0);
      expect(run.output()).toContain(`${signal} while building: the build is stopped, nothing is served.`);
      expect(run.output()).not.toMatch(/ready in \d+ ms/);
      expect(
        await until(() => run.below().every((pid) => !alive(pid)), 10_000),
        `left running: ${run.below().filter(alive)}`,
      ).toBe(true);
      const leftovers = (await readdir(WORK_ROOT).catch(() => [] as string[])).filter((name) =>
        name.startsWith(`.${basename(run.dist)}.work-${run.child.pid}-`),
      );
      expect(leftovers).toEqual([]);
    }, 120_000);
  }
});
