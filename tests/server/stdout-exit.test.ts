/**
 * A stopped server exits within SHUTDOWN_DEADLINE_SECONDS whatever its stdout does: a pipe nobody reads (full) or a
 * pipe whose reader went away (EPIPE). Before, pino's exit flush (sonic-boom) retried for ever, and a write blocked in
 * libuv's thread pool held the process at exit: an orphaned `npm start` after a CI run.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, descendants, until } from '../support/processes.ts';
import { testBuildEnv } from '../support/test-build.ts';

const DEADLINE_SECONDS = 1;
/**
 * A generous cap beyond the drain deadline, for the exit itself on a loaded machine: the defect this guards against
 * kept the process for ever, so a cap far above the deadline still catches it without timing the machine.
 */
const MARGIN_MS = 30_000;

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** Starts scripts/start.ts with the access log on, stdout a pipe, and waits until every process is ready. */
async function startServer(workers: number) {
  const env = {
    ...process.env,
    ...testBuildEnv,
    PORT: '0',
    HOST: '127.0.0.1',
    WORKERS: String(workers),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SHUTDOWN_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
    RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['scripts/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child.pid!);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk);
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const ready = () =>
    /ready in \d+ ms on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output) &&
    (workers === 1 || output.match(/records loaded in/g)?.length === workers);
  expect(await until(() => Boolean(ready()) || child.exitCode !== null, 60_000), output).toBe(true);
  const port = Number(/ready in \d+ ms on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)![1]);
  const pids = [child.pid!, ...descendants(child.pid!)];
  started.push(...pids);
  expect(pids).toHaveLength(workers === 1 ? 1 : workers + 1);
  return { child, port, pids, output: () => output, stopReading: () => child.stdout.off('data', collect).pause() };
}

/** `count` requests, 20 at a time, each giving one access line (about 200 bytes). */
async function load(port: number, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next++ < count)
        await (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
    }),
  );
}

/** Sends SIGTERM and checks that the process and every child are gone within the deadline and the margin. */
async function expectBoundedExit(server: Awaited<ReturnType<typeof startServer>>) {
  const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  const gone = await until(() => !server.pids.some(alive), DEADLINE_SECONDS * 1000 + MARGIN_MS);
  const elapsed = Date.now() - signalled;
  expect(
    gone,
    `still running ${elapsed} ms after SIGTERM (deadline ${DEADLINE_SECONDS} s, cap ${MARGIN_MS} ms beyond it): ${server.pids.filter(alive).join(', ')}`,
  ).toBe(true);
  // Only the log was in trouble: the drain itself went well, so systemd sees a clean stop.
  expect(await exit).toBe(0);
}

describe.each([1, 2])('npm start with WORKERS=%i stops in bounded time whatever stdout does', (workers) => {
  it('with stdout a pipe nobody reads any more (full: 2,000 access lines)', async () => {
    const server = await startServer(workers);
    server.stopReading();
    await load(server.port, 2_000);
    await expectBoundedExit(server);
  }, 120_000);

  it('with stdout a pipe whose reader has closed it (EPIPE at the exit flush)', async () => {
    const server = await startServer(workers);
    server.child.stdout.destroy();
    // No write between: the stop lines meet the closed pipe in the flush at exit.
    await expectBoundedExit(server);
  }, 120_000);
});

describe('a fatal line just before the process exits', () => {
  it('is written although the process exits at once (the port is taken)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const env = { ...process.env, ...testBuildEnv, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1' };
      const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      started.push(child.pid!);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
      expect(code).toBe(1);
      const fatal = output
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { level: number; msg: string })
        .find((entry) => entry.level === 60);
      expect(fatal?.msg, output).toMatch(new RegExp(`^Cannot listen on 127\\.0\\.0\\.1:${port}: listen EADDRINUSE`));
    } finally {
      taken.close();
    }
  }, 60_000);
});
