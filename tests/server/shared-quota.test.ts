import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../support/redis-server.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';

/** The client address of these tests, given through X-Forwarded-For (the processes trust one proxy). */
let client = '192.0.2.10';
/** GET from `client` with a hang guard: a request that gets no answer within 5 s fails the test. */
const fetchGuarded = (url: string) =>
  fetch(url, { headers: { 'x-forwarded-for': client }, signal: AbortSignal.timeout(5_000) });
/** How many times `pattern` (global) occurs in `text`. */
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
/** An MCP client on `base`/mcp, as `client`. */
async function mcpClient(base: string): Promise<Client> {
  const mcp = new Client({ name: 'test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { 'x-forwarded-for': client } },
    }),
  );
  return mcp;
}

describe('two npm start processes with one REDIS_URL', () => {
  let redis: TestRedis;
  let servers: StartedServer[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    servers = await Promise.all([
      startServerProcess({ REDIS_URL: redis.url, TRUST_PROXY: '1' }),
      startServerProcess({ REDIS_URL: redis.url, TRUST_PROXY: '1' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
  });

  it('count MCP calls to one process against the API quota of the other', async () => {
    client = '192.0.2.20';
    const mcp = await mcpClient(servers[1]!.base);
    try {
      for (let i = 0; i < 3; i++)
        expect((await mcp.callTool({ name: 'search_facts', arguments: { q: 'permis' } })).isError).toBeFalsy();
      const first = await fetchGuarded(`${servers[0]!.base}/api/v1/openapi.json`);
      const left = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')![1]);
      // initialize, its notification and three tool calls on the other process were counted.
      expect(left).toBeLessThanOrEqual(120 - 1 - 5);
      for (let i = 0; i < left; i++)
        expect((await fetchGuarded(`${servers[i % 2]!.base}/api/v1/openapi.json`)).status).toBe(200);
      expect((await fetchGuarded(`${servers[0]!.base}/api/v1/openapi.json`)).status).toBe(429);
      const refused = await mcp.callTool({ name: 'list_facets', arguments: {} }).then(
        () => null,
        (error: Error & { code?: number }) => error,
      );
      expect(refused?.code).toBe(-32029);
      expect(refused?.message).toMatch(/retry in ([1-9]|[1-5]\d|60) s/);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('keep the quota per process, with no 5xx, while Redis hangs (SIGSTOP), and share it again once Redis answers', async () => {
    client = '192.0.2.30';
    redis.pause();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++)
        statuses.push((await fetchGuarded(`${servers[0]!.base}/api/v1/openapi.json`)).status);
      // One process counts this address in its memory: 120 allowed, then refused.
      expect(
        statuses.slice(0, 120).every((status) => status === 200),
        statuses.join(' '),
      ).toBe(true);
      expect(
        statuses.slice(120).every((status) => status === 429),
        statuses.join(' '),
      ).toBe(true);
      // The other process has its own count meanwhile.
      expect((await fetchGuarded(`${servers[1]!.base}/api/v1/openapi.json`)).status).toBe(200);
    } finally {
      redis.resume();
    }
    // Each process asks Redis again within its breaker's 5 s and logs that the shared count is back.
    client = '192.0.2.31';
    const settled = () =>
      servers.every(
        (server) => count(server.output(), /the shared count is back/g) === count(server.output(), /unavailable/g),
      );
    for (let i = 0; i < 40 && !settled(); i++) {
      await Promise.all(servers.map((server) => fetchGuarded(`${server.base}/api/v1/openapi.json`)));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(settled(), servers.map((server) => server.output()).join('\n')).toBe(true);
    for (const server of servers) expect(server.output()).not.toContain('unexpected error');
  }, 60_000);

  it('answer one address alternately with 200 exactly 120 times, then 429 with Retry-After 1 to 60, and keep answering (no 5xx, no hang) once Redis is stopped', async () => {
    client = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++)
      statuses.push((await fetchGuarded(`${servers[i % 2]!.base}/api/v1/openapi.json`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    for (const server of servers) {
      const refused = await fetchGuarded(`${server.base}/api/v1/openapi.json`);
      expect(refused.status).toBe(429);
      const retry = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`).toBe(true);
      expect(refused.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
    }

    const before = servers.map((server) => count(server.output(), /\[quota\] Redis at .* unavailable/g));
    await redis.stop();
    const afterStop: number[] = [];
    for (let i = 0; i < 20; i++)
      afterStop.push((await fetchGuarded(`${servers[i % 2]!.base}/api/v1/openapi.json`)).status);
    // Each process now counts in its own memory (a fresh window there), so these are allowed again.
    expect(
      afterStop.every((status) => status === 200 || status === 429),
      afterStop.join(' '),
    ).toBe(true);
    for (const [i, server] of servers.entries()) {
      // The line comes from the server process's buffered log (written within 250 ms): wait for it.
      await expect
        .poll(() => count(server.output(), /\[quota\] Redis at .* unavailable/g), {
          timeout: 5_000,
          message: server.output(),
        })
        .toBe(before[i]! + 1);
      expect(server.output()).not.toContain('unexpected error');
    }
  }, 60_000);
});
