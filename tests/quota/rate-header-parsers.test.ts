/** The conformance checker's parsers of RateLimit-Policy and RateLimit (structured-field lists). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '../../src/lib/api/rate-limit-headers.ts';
import { parseLimits, parsePolicies } from '../../src/conformance/checks-rate-headers.ts';
import { decide } from '../../src/lib/quota.ts';

describe('RateLimit header parsers', () => {
  it('read back every pair of headers this API sends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 3600 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.nat(),
        (limit, seconds, count, msLeft) => {
          const decision = decide(count, limit, seconds * 1000, msLeft % (seconds * 1000));
          const headers = rateLimitHeaders(decision);
          expect(parsePolicies(headers['ratelimit-policy'])).toEqual([
            { name: 'default', quota: limit, window: seconds },
          ]);
          expect(parseLimits(headers.ratelimit)).toEqual([
            { name: 'default', remaining: decision.remaining, reset: decision.resetSeconds },
          ]);
        },
      ),
    );
  });

  it('read several policies, optional w and t, and extra parameters', () => {
    expect(parsePolicies('"burst";q=10;w=1, "day";q=1000;w=86400;qu="request", "open";q=5')).toEqual([
      { name: 'burst', quota: 10, window: 1 },
      { name: 'day', quota: 1000, window: 86400 },
      { name: 'open', quota: 5, window: undefined },
    ]);
    expect(parseLimits('"burst";r=9, "day";r=0;t=7;pk=:AQI=:')).toEqual([
      { name: 'burst', remaining: 9, reset: undefined },
      { name: 'day', remaining: 0, reset: 7 },
    ]);
  });

  it('throw an Error with a message naming the header on any other string, never anything else', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        for (const parse of [parsePolicies, parseLimits]) {
          try {
            parse(value);
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message).toMatch(/^RateLimit(-Policy)?: /);
          }
        }
      }),
    );
  });
});
