import { describe, expect, it } from 'vitest';
import { createRateLimiter, defaultRateLimitOptions } from '../../src/lib/rate-limit.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('rate limiter', () => {
  it('defaults to 120 requests a minute', () => {
    expect(defaultRateLimitOptions.limit).toBe(120);
    expect(defaultRateLimitOptions.windowMs).toBe(60_000);
  });

  it('allows 120 requests, then refuses with Retry-After from 1 to 60 seconds', () => {
    const time = clock();
    const limiter = createRateLimiter({ now: time.now });
    for (let i = 0; i < 120; i++) expect(limiter.hitSync('a').allowed).toBe(true);
    expect(limiter.hitSync('a')).toEqual({ allowed: false, limit: 120, remaining: 0, resetSeconds: 60, windowSeconds: 60, retryAfterSeconds: 60 });
    time.advance(59_500);
    expect(limiter.hitSync('a')).toEqual({ allowed: false, limit: 120, remaining: 0, resetSeconds: 1, windowSeconds: 60, retryAfterSeconds: 1 });
    time.advance(500);
    expect(limiter.hitSync('a').allowed).toBe(true);
  });

  it('counts each client separately', () => {
    const limiter = createRateLimiter({ limit: 2, now: clock().now });
    limiter.hitSync('a');
    limiter.hitSync('a');
    expect(limiter.hitSync('a').allowed).toBe(false);
    expect(limiter.hitSync('b').allowed).toBe(true);
  });

  it('rounds Retry-After up to whole seconds and keeps it within 1..60', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, now: time.now });
    limiter.hitSync('a');
    for (const step of [1, 12_345, 30_000, 17_000]) {
      time.advance(step);
      const decision = limiter.hitSync('a');
      if (decision.allowed) break;
      expect(Number.isInteger(decision.retryAfterSeconds)).toBe(true);
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('keeps memory bounded when many addresses are seen', () => {
    const time = clock();
    const limiter = createRateLimiter({ maxClients: 1000, now: time.now });
    for (let i = 0; i < 50_000; i++) limiter.hitSync(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.trackedClients).toBeLessThanOrEqual(1000);
  });

  it('forgets expired windows as new clients arrive', () => {
    const time = clock();
    const limiter = createRateLimiter({ now: time.now });
    for (let i = 0; i < 100; i++) limiter.hitSync(`a${i}`);
    time.advance(60_000);
    limiter.hitSync('new');
    expect(limiter.trackedClients).toBe(1);
  });
});
