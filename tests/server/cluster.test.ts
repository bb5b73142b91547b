import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, descendants, until } from '../support/processes.ts';
import { startRedis, type TestRedis } from '../support/redis-server.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';
import { testBuildEnv } from '../support/test-build.ts';
import { pointDistAt } from '../../src/adapters/builds/build-store.ts';
import { linkCopy, ownFile } from '../support/link-copy.ts';

/** The bearer token of /metrics in these runs. */
const METRICS_TOKEN = 'cluster-test-token-0123456789';
/** GET `path` as `client` (the processes trust one proxy), with a hang guard. */
const get = (base: string, path: string, client: string) =>
  fetch(`${base}${path}`, { headers: { 'x-forwarded-for': client }, signal: AbortSignal.timeout(10_000) });
/** The pids of the workers that logged a ready line, in order. */
const workerPids = (output: string) =>
  [...output.matchAll(/"msg":"worker (\d+): \d+ records loaded in/g)].map((match) => Number(match[1]));
/** The pids that wrote access lines. */
const answeringPids = (output: string) =>
  new Set([...output.matchAll(/"pid":(\d+),"method"/g)].map((match) => Number(match[1])));
/** 120 requests from one client spread over the workers get 200, the next ones 429 with the usual headers. */
async function expectExactQuota(server: StartedServer, client: string): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 120; i++) statuses.push((await get(server.base, '/api/v1/openapi.json', client)).status);
  expect(
    statuses.filter((status) => status === 200),
    statuses.join(' '),
  ).toHaveLength(120);
  for (let i = 0; i < 3; i++) {
    const refused = await get(server.base, '/api/v1/openapi.json', client);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`).toBe(true);
    expect(refused.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
  }
  // Both workers answered: the count was shared, not kept per worker. Access lines are buffered (at most 250 ms).
  expect(await until(() => answeringPids(server.output()).size === 2, 10_000), server.output()).toBe(true);
}

describe('npm start with WORKERS=2, without Redis', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startServerProcess({
      WORKERS: '2',
      TRUST_PROXY: '1',
      SHUTDOWN_DEADLINE_SECONDS: '5',
      METRICS_PORT: '0',
      METRICS_TOKEN: METRICS_TOKEN,
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it('gives one client exactly 120 requests a minute across both workers, then 429 with Retry-After', async () => {
    // Each worker's start line comes from its own process: it may follow the primary's ready line.
    expect(await until(() => workerPids(server.output()).length === 2, 10_000), server.output()).toBe(true);
    await expectExactQuota(server, '192.0.2.50');
  }, 60_000);

  it("serves /metrics from the primary as the sum of both workers' series (each worker answers the primary)", async () => {
    const address = /metrics on (http:\/\/[^ ]+\/metrics)/.exec(server.output())?.[1];
    expect(address, server.output()).toBeDefined();
    const response = await fetch(address!, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    // The previous test's 123 requests (120 answered, 3 refused), whichever worker answered each.
    const series = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(series(/^permis_http_requests_total\{route="\/api\/v1\/openapi\.json",status="\d+"\} (\d+)$/gm)).toBe(123);
    expect(series(/^permis_rate_limited_total\{route="\/api\/v1\/openapi\.json"\} (\d+)$/gm)).toBe(3);
    expect(series(/^permis_http_request_duration_seconds_count\{route="\/api\/v1\/openapi\.json"\} (\d+)$/gm)).toBe(
      123,
    );
  }, 30_000);

  it('replaces a worker that dies, and keeps answering', async () => {
    const [victim] = workerPids(server.output());
    process.kill(victim!, 'SIGKILL');
    expect(await until(() => workerPids(server.output()).length === 3, 30_000), server.output()).toBe(true);
    expect(server.output()).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\); starting another`));
    for (let i = 0; i < 6; i++) expect((await get(server.base, '/healthz', '192.0.2.51')).status).toBe(200);
  }, 60_000);

  it('on SIGTERM, lets every worker finish the requests in flight, then exits 0', async () => {
    const port = Number(new URL(server.base).port);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    // Two requests whose heads have arrived but whose bodies have not: in flight on the workers when SIGTERM comes.
    // `Expect: 100-continue` makes a worker say when it holds the request.
    const sockets = [0, 1].map(() => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let held = () => {};
      const holding = new Promise<void>((resolve) => (held = resolve));
      socket.on('data', (chunk) => {
        answer += chunk;
        if (answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) held();
      });
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
      );
      return {
        socket,
        holding,
        answer: () => answer.replace('HTTP/1.1 100 Continue\r\n\r\n', ''),
        closed: new Promise<void>((resolve) => socket.on('close', () => resolve())),
      };
    });
    await Promise.all(sockets.map((socket) => socket.holding));
    const exit = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    const draining = server.output().split('every worker finishes its requests in flight').length;
    server.child.kill('SIGTERM');
    // The bodies come only once the primary has told every worker to drain.
    expect(
      await until(
        () => server.output().split('every worker finishes its requests in flight').length > draining,
        30_000,
      ),
      server.output(),
    ).toBe(true);
    for (const { socket } of sockets) socket.write(body.slice(10));
    await Promise.all(sockets.map((socket) => socket.closed));
    for (const { answer } of sockets) expect(answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('every worker finishes its requests in flight (at most 5 s)');
    expect(server.output()).toContain('permis-facts: stopped (every worker exited)');
    for (const pid of workerPids(server.output())) expect(alive(pid)).toBe(false);
  }, 30_000);
});

describe('npm start with WORKERS=2 and REDIS_URL', () => {
  let redis: TestRedis;
  let server: StartedServer;
  beforeAll(async () => {
    redis = await startRedis();
    server = await startServerProcess({ WORKERS: '2', TRUST_PROXY: '1', REDIS_URL: redis.url });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('gives one client exactly 120 requests a minute across both workers, counted in Redis', async () => {
    await expectExactQuota(server, '192.0.2.60');
    expect(server.output()).not.toContain('unavailable');
  }, 60_000);
});

describe('a rebuild under WORKERS=2', () => {
  let root = '';
  let server: StartedServer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cluster-rebuild-'));
    // DIST_DIR is a link to a build's own folder, as npm run build leaves it; the swap below switches the link.
    await linkCopy(testBuildEnv.DIST_DIR!, join(root, 'builds', 'first'));
    await pointDistAt(join(root, 'dist'), join(root, 'builds', 'first'));
    server = await startServerProcess({ WORKERS: '2', DIST_DIR: join(root, 'dist'), RATE_LIMIT_PER_MINUTE: '1000000' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('swaps every worker to the new build with no failed request', async () => {
    const marker = '<!-- the second build -->';
    const next = join(root, 'builds', 'next');
    await linkCopy(join(root, 'builds', 'first'), next);
    await ownFile(join(next, 'index.html'));
    await writeFile(join(next, 'index.html'), `${await readFile(join(next, 'index.html'), 'utf8')}${marker}`);
    await rm(join(next, 'index.html.br'));
    await rm(join(next, 'index.html.gz'));
    const switched = () =>
      new Set(
        [...server.output().matchAll(/"pid":(\d+),"event":"rebuild","msg":"\[server\] new build in/g)].map(
          (match) => match[1],
        ),
      ).size;
    const failures: string[] = [];
    let running = true;
    let answered = 0;
    // Four clients in a loop, pages and searches, through the swap and until both workers have switched.
    const clients = [0, 1, 2, 3].map(async (n) => {
      while (running) {
        const path = n % 2 ? '/' : '/api/v1/facts?po_live=1&q=permis';
        await fetch(`${server.base}${path}`, { signal: AbortSignal.timeout(10_000) })
          .then(
            async (answer) => (
              await answer.arrayBuffer(),
              answered++,
              answer.status === 200 || failures.push(`${path}: ${answer.status}`)
            ),
          )
          .catch((error: Error) => failures.push(`${path}: ${error.message}`));
      }
    });
    // The swap comes while the clients are being answered (a few answers seen), not after a guessed time.
    expect(await until(() => answered >= 8, 30_000), `${answered} answers`).toBe(true);
    // One atomic step, as the build switches DIST_DIR (two renames of a plain folder leave a moment with no build).
    await pointDistAt(join(root, 'dist'), next);
    const done = await until(() => switched() === 2, 20_000);
    running = false;
    await Promise.all(clients);
    expect(done, server.output()).toBe(true);
    expect(failures).toEqual([]);
    for (let i = 0; i < 6; i++) expect(await (await fetch(`${server.base}/`)).text()).toContain(marker);
  }, 60_000);
});

describe('workers that cannot start', () => {
  it('with the port taken, the primary stops with exit 1 and a fatal line, leaving no worker (no start-up loop)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, ...testBuildEnv, HOST: '127.0.0.1', PORT: String(port), WORKERS: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const workers = new Set<number>();
    const watch = setInterval(() => descendants(child.pid!).forEach((pid) => workers.add(pid)), 20);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(watch);
    taken.close();
    expect(code, output).toBe(1);
    expect(output).toMatch(/Cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
    expect(output).toMatch(/"level":60,[^\n]*"event":"worker-exit"[^\n]*could not start \(exit 1\); stopping/);
    expect(output).not.toContain('starting another');
    expect(await until(() => ![...workers].some(alive), 5_000)).toBe(true);
  }, 30_000);

  it('once up, a replacement that cannot start is tried less often while a worker serves, and the primary exits 1 when none does', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cluster-broken-'));
    await linkCopy(testBuildEnv.DIST_DIR!, join(root, 'dist'));
    const server = await startServerProcess({ WORKERS: '2', DIST_DIR: join(root, 'dist') });
    try {
      expect(await until(() => workerPids(server.output()).length === 2, 10_000), server.output()).toBe(true);
      const [first, second] = workerPids(server.output());
      // The build goes away: a new worker cannot load it.
      await rename(join(root, 'dist'), join(root, 'gone'));
      process.kill(first!, 'SIGKILL');
      expect(
        await until(() => /could not start \(exit 1\); starting another in 2 s/.test(server.output()), 15_000),
        server.output(),
      ).toBe(true);
      expect(server.output()).toMatch(/could not start \(exit 1\); starting another in 1 s/);
      // The worker that serves goes on.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const exit = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      process.kill(second!, 'SIGKILL');
      expect(await exit, server.output()).toBe(1);
      expect(server.output()).toMatch(/could not start \(exit 1\), 3 in a row, and no worker serves; stopping/);
    } finally {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm start under npm', () => {
  it('leaves no server process when the npm process is killed with SIGKILL', async () => {
    const env = { ...process.env, ...testBuildEnv, PORT: '0', HOST: '127.0.0.1', WORKERS: '2' };
    const npm = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk));
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk));
    expect(
      await until(
        () =>
          /ready in \d+ ms on http:\/\/127\.0\.0\.1:\d+\/ \(API: \/api\/v1\/, 2 workers; build \S+ made for http:\/\/127\.0\.0\.1:\d+\)/.test(
            output,
          ) && workerPids(output).length === 2,
        60_000,
      ),
      output,
    ).toBe(true);
    const primary = Number(/"pid":(\d+),"event":"start","workers":2,/.exec(output)![1]);
    const pids = [primary, ...workerPids(output)];
    expect(pids.every(alive)).toBe(true);
    npm.kill('SIGKILL');
    expect(
      await until(() => !pids.some(alive), 15_000),
      `still running: ${pids.filter(alive).join(', ')}\n${output}`,
    ).toBe(true);
  }, 90_000);
});
