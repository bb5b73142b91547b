import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../support/redis-server.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';

/** GET with a hang guard: a request that gets no answer within 5 s fails the test. */
const fetchGuarded = (url: string) => fetch(url, { signal: AbortSignal.timeout(5_000) });

describe('two npm start processes with one REDIS_URL', () => {
  let redis: TestRedis;
  let servers: StartedServer[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    servers = await Promise.all([startServerProcess({ REDIS_URL: redis.url }), startServerProcess({ REDIS_URL: redis.url })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
  });

  it('answer one address alternately with 200 exactly 120 times, then 429 with Retry-After 1 to 60, and keep answering (no 5xx, no hang) once Redis is stopped', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await fetchGuarded(`${servers[i % 2]!.base}/api/v1/openapi.json`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    for (const server of servers) {
      const refused = await fetchGuarded(`${server.base}/api/v1/openapi.json`);
      expect(refused.status).toBe(429);
      const retry = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`).toBe(true);
      expect(refused.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
    }

    await redis.stop();
    const afterStop: number[] = [];
    for (let i = 0; i < 20; i++) afterStop.push((await fetchGuarded(`${servers[i % 2]!.base}/api/v1/openapi.json`)).status);
    // Each process now counts in its own memory (a fresh window there), so these are allowed again.
    expect(afterStop.every((status) => status === 200 || status === 429), afterStop.join(' ')).toBe(true);
    for (const server of servers) {
      expect(server.output().match(/\[quota\] Redis at .* unavailable/g), server.output()).toHaveLength(1);
      expect(server.output()).not.toContain('unexpected error');
    }
  }, 60_000);
});
