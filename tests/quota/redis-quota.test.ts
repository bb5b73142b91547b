import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRedisQuota, type FallbackReason, type RedisQuota } from '../../src/adapters/quota/redis-quota.ts';
import { until } from '../support/processes.ts';
import { startRedis, type TestRedis } from '../support/redis-server.ts';

describe('the Redis quota store (a real redis-server)', () => {
  let redis: TestRedis;
  const limiters: RedisQuota[] = [];
  const limiter = async (
    options: {
      limit?: number;
      log?: (line: string) => void;
      commandTimeoutMs?: number;
      breakerOpenMs?: number;
      onFallback?: (reason: FallbackReason) => void;
    } = {},
  ) => {
    const made = createRedisQuota({ url: redis.url, keyPrefix: `test-${Math.random()}`, log: () => {}, ...options });
    limiters.push(made);
    expect(await made.ready()).toBe(true);
    return made;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(limiters.map((made) => made.close()));
    await redis?.stop();
  });

  it('shares one count between two connections: 120 allowed, then refused with Retry-After 1 to 60', async () => {
    const prefix = `shared-${Math.random()}`;
    const a = createRedisQuota({ url: redis.url, keyPrefix: prefix, log: () => {} });
    const b = createRedisQuota({ url: redis.url, keyPrefix: prefix, log: () => {} });
    limiters.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    for (let i = 1; i <= 120; i++) {
      const decision = await (i % 2 ? a : b).hit('192.0.2.1');
      expect(decision).toMatchObject({ allowed: true, limit: 120, remaining: 120 - i, windowSeconds: 60 });
    }
    for (const store of [a, b]) {
      const refused = await store.hit('192.0.2.1');
      expect(refused.allowed).toBe(false);
      if (refused.allowed) return;
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(refused.resetSeconds).toBe(refused.retryAfterSeconds);
    }
    expect((await a.hit('192.0.2.2')).allowed).toBe(true);
  });

  it('opens the window with the first request and closes it when Redis expires the window', async () => {
    const prefix = `window-${Math.random()}`;
    const store = createRedisQuota({ url: redis.url, keyPrefix: prefix, limit: 1, windowMs: 1000, log: () => {} });
    limiters.push(store);
    await store.ready();
    expect(await store.hit('c')).toMatchObject({ allowed: true, remaining: 0, windowSeconds: 1, resetSeconds: 1 });
    expect(await store.hit('c')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // The window is the key's lifetime in Redis (Redis's clock, not ours): wait for Redis to expire it.
    const observer = new Redis(redis.url);
    try {
      const key = `${prefix}:c`;
      expect(await observer.pttl(key)).toBeGreaterThan(0);
      expect(
        await until(async () => (await observer.exists(key)) === 0, 30_000),
        `${key} still in Redis long after its 1 s window`,
      ).toBe(true);
    } finally {
      observer.disconnect();
    }
    expect(await store.hit('c')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('counts in memory while Redis is paused or stopped, with one warning per outage, and shares the count again when it is back', async () => {
    const lines: string[] = [];
    const store = await limiter({
      limit: 5,
      log: (line) => lines.push(line),
      commandTimeoutMs: 100,
      breakerOpenMs: 200,
    });
    expect((await store.hit('paused')).allowed).toBe(true);
    redis.pause();
    const during = [];
    for (let i = 0; i < 6; i++) during.push(await store.hit('paused'));
    // The insurance limiter applies the same limit in memory: 5 allowed there, then refused.
    expect(during.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(lines.filter((line) => line.includes('unavailable'))).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[quota\] Redis at redis:\/\/127\.0\.0\.1:\d+\/? unavailable \(no answer within 100 ms\)/,
    );
    redis.resume();
    // The paused commands may still land; what matters is that Redis counts again once the breaker (open 200 ms) lets a
    // request try it: requests keep coming until one has, and recovery is logged then (a late answer to a timed-out
    // command may add another short spell).
    const recovered = () => Boolean(lines.at(-1)?.includes('answers again'));
    expect(
      await until(async () => ((await store.hit('after-pause')).allowed, recovered()), 30_000),
      lines.join('\n'),
    ).toBe(true);
    expect((await store.hit('after-recovery')).allowed).toBe(true);
  });

  it('asks a hanging Redis once per breakerOpenMs, not once per request: the others are counted in memory at once', async () => {
    const lines: string[] = [];
    const fallbacks: FallbackReason[] = [];
    const store = await limiter({
      limit: 30,
      log: (line) => lines.push(line),
      commandTimeoutMs: 100,
      breakerOpenMs: 60_000,
      onFallback: (reason) => fallbacks.push(reason),
    });
    expect((await store.hit('hanging')).allowed).toBe(true);
    redis.pause();
    try {
      const during = [];
      for (let i = 0; i < 40; i++) during.push(await store.hit('hanging'));
      // Before the breaker, each of the 40 asked Redis and waited the whole command timeout; now only the first does,
      // and the breaker counts the other 39 in memory without asking.
      expect(fallbacks).toEqual(['failed', ...Array<FallbackReason>(39).fill('open')]);
      // The quota still holds in this process: 30 allowed in memory, then refused.
      expect(during.filter((d) => d.allowed)).toHaveLength(30);
      expect(during.slice(30).every((d) => !d.allowed)).toBe(true);
      expect(lines.filter((line) => line.includes('unavailable'))).toHaveLength(1);
    } finally {
      redis.resume();
    }
  });

  it('answers at once while Redis is stopped (insurance in memory, one warning), and uses Redis again once it is back', async () => {
    const own = await startRedis();
    const lines: string[] = [];
    const store = createRedisQuota({ url: own.url, limit: 3, log: (line) => lines.push(line) });
    limiters.push(store);
    expect(await store.ready()).toBe(true);
    expect((await store.hit('stopped')).allowed).toBe(true);
    await own.stop();
    const during = [];
    for (let i = 0; i < 4; i++) during.push(await store.hit('stopped'));
    expect(during.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unavailable');
    const back = await startRedis(own.port);
    try {
      expect(await store.ready(5_000)).toBe(true);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('answers again');
      // A fresh Redis has no count: the window starts again there.
      expect(await store.hit('stopped')).toMatchObject({ allowed: true, remaining: 2 });
    } finally {
      await back.stop();
    }
  });
});
