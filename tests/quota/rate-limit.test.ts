import { describe, expect, it } from 'vitest';
import { createMemoryQuota, defaultQuotaOptions } from '../../src/lib/quota.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('rate limiter', () => {
  it('defaults to 120 requests a minute', () => {
    expect(defaultQuotaOptions.limit).toBe(120);
    expect(defaultQuotaOptions.windowMs).toBe(60_000);
  });

  it('allows 120 requests, then refuses with Retry-After from 1 to 60 seconds', () => {
    const time = clock();
    const limiter = createMemoryQuota({ now: time.now });
    for (let i = 0; i < 120; i++) expect(limiter.hitSync('a').allowed).toBe(true);
    expect(limiter.hitSync('a')).toEqual({
      allowed: false,
      limit: 120,
      remaining: 0,
      resetSeconds: 60,
      windowSeconds: 60,
      retryAfterSeconds: 60,
    });
    time.advance(59_500);
    expect(limiter.hitSync('a')).toEqual({
      allowed: false,
      limit: 120,
      remaining: 0,
      resetSeconds: 1,
      windowSeconds: 60,
      retryAfterSeconds: 1,
    });
    time.advance(500);
    expect(limiter.hitSync('a').allowed).toBe(true);
  });

  it('counts each client separately', () => {
    const limiter = createMemoryQuota({ limit: 2, now: clock().now });
    limiter.hitSync('a');
    limiter.hitSync('a');
    expect(limiter.hitSync('a').allowed).toBe(false);
    expect(limiter.hitSync('b').allowed).toBe(true);
  });

  it('rounds Retry-After up to whole seconds and keeps it within 1..60', () => {
    const time = clock();
    const limiter = createMemoryQuota({ limit: 1, now: time.now });
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
    const limiter = createMemoryQuota({ maxClients: 1000, now: time.now });
    for (let i = 0; i < 50_000; i++) limiter.hitSync(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.trackedClients).toBeLessThanOrEqual(1000);
  });

  it('forgets expired windows as new clients arrive', () => {
    const time = clock();
    const limiter = createMemoryQuota({ now: time.now });
    for (let i = 0; i < 100; i++) limiter.hitSync(`a${i}`);
    time.advance(60_000);
    limiter.hitSync('new');
    expect(limiter.trackedClients).toBe(1);
  });

  it('keeps a blocked client blocked until its window ends while 100,000 other addresses arrive', () => {
    const time = clock();
    const limiter = createMemoryQuota({ limit: 3, maxClients: 1000, maxBlockedClients: 1000, now: time.now });
    for (let i = 0; i < 3; i++) expect(limiter.hitSync('blocked').allowed).toBe(true);
    expect(limiter.hitSync('blocked').allowed).toBe(false);
    for (let i = 0; i < 100_000; i++) {
      limiter.hitSync(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 10_000 === 0) time.advance(5_000);
      if (i % 1000 === 0) {
        expect(limiter.hitSync('blocked').allowed, `after ${i} other addresses`).toBe(false);
        expect(limiter.trackedClients).toBeLessThanOrEqual(2000);
      }
    }
    const last = limiter.hitSync('blocked');
    expect(last).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
    time.advance(10_000);
    expect(limiter.hitSync('blocked').allowed).toBe(true);
  });

  it('keeps a client that used its whole quota (at the limit, not yet refused) through the same rotation', () => {
    const time = clock();
    const limiter = createMemoryQuota({ limit: 2, maxClients: 100, now: time.now });
    limiter.hitSync('at-limit');
    expect(limiter.hitSync('at-limit')).toMatchObject({ allowed: true, remaining: 0 });
    for (let i = 0; i < 5_000; i++) limiter.hitSync(`other-${i}`);
    expect(limiter.hitSync('at-limit').allowed).toBe(false);
  });

  it('stays bounded when every address uses its quota: past maxBlockedClients, newly blocked clients become evictable', () => {
    const time = clock();
    const limiter = createMemoryQuota({ limit: 1, maxClients: 100, maxBlockedClients: 50, now: time.now });
    for (let i = 0; i < 10_000; i++) limiter.hitSync(`c${i}`);
    expect(limiter.blockedClients).toBe(50);
    expect(limiter.trackedClients).toBe(150);
    // The first 50 filled the blocked table and stay refused; later ones were forgotten.
    expect(limiter.hitSync('c0').allowed).toBe(false);
    expect(limiter.hitSync('c100').allowed).toBe(true);
  });

  it('forgets blocked clients once their window has ended', () => {
    const time = clock();
    const limiter = createMemoryQuota({ limit: 1, now: time.now });
    for (let i = 0; i < 100; i++) limiter.hitSync(`b${i}`);
    expect(limiter.blockedClients).toBe(100);
    time.advance(60_000);
    limiter.hitSync('new');
    expect(limiter.trackedClients).toBe(1);
  });
});
