/** Spec sections 4, 5, 7 and 8: methods, unknown paths, CORS, no cookies, JSON everywhere, and the rate limit. */
import { expectErrorBody, type Check } from './check.ts';
import { expect, excerpt, exposes, isJsonType, type Answer } from './context.ts';
import { readRateHeaders } from './checks-rate-headers.ts';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Checks of the HTTP protocol rules, run after the others so that they can look at every answer seen. */
export const protocolChecks: Check[] = [
  {
    name: 'POST, PUT, PATCH and DELETE answer 405 with a JSON error on every route; HEAD and OPTIONS answer 405',
    async run(ctx) {
      for (const path of ['/', '/facts', '/facts/fait-0123456789abcdef', '/openapi.json']) {
        for (const method of WRITE_METHODS) {
          const answer = await ctx.request(ctx.url(`${path}?po_live=1`), {
            method,
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          expectErrorBody(answer, 405, `${method} ${path}`);
        }
      }
      for (const method of ['HEAD', 'OPTIONS']) {
        const answer = await ctx.request(ctx.url('/facts?po_live=1'), { method });
        expect(answer.status === 405, `${method} /facts: expected 405, got ${answer.status}`);
      }
    },
  },
  {
    name: 'an unknown path under the base address answers 404 with a JSON error',
    async run(ctx) {
      expectErrorBody(await ctx.request(ctx.url('/no-such-route?po_live=1')), 404, 'GET /no-such-route');
    },
  },
  {
    name: 'a cross-origin GET gets Access-Control-Allow-Origin: * and Retry-After exposed, without credentials',
    async run(ctx) {
      const answer = await ctx.request(ctx.url('/facts?limit=1&po_live=1'), {
        headers: { origin: 'https://conformance.example' },
      });
      expect(answer.status === 200, `expected 200, got ${answer.status}`);
      expect(
        answer.headers.get('access-control-allow-origin') === '*',
        `Access-Control-Allow-Origin: expected *, got ${JSON.stringify(answer.headers.get('access-control-allow-origin'))}`,
      );
      expect(
        exposes(answer.headers, 'retry-after'),
        `Access-Control-Expose-Headers does not include Retry-After: ${JSON.stringify(answer.headers.get('access-control-expose-headers'))}`,
      );
      expect(
        answer.headers.get('access-control-allow-credentials') !== 'true',
        'Access-Control-Allow-Credentials: true is sent',
      );
    },
  },
  {
    name: 'every answer so far (200, 307, 400, 404, 405) carried Access-Control-Allow-Origin: * and no Set-Cookie',
    async run(ctx) {
      expect(ctx.seen.length > 0, 'no answer was received');
      for (const seen of ctx.seen) {
        expect(
          seen.headers.get('access-control-allow-origin') === '*',
          `${seen.method} ${seen.url} (${seen.status}): no Access-Control-Allow-Origin: *`,
        );
        expect(!seen.headers.has('set-cookie'), `${seen.method} ${seen.url} (${seen.status}): sets a cookie`);
      }
      const statuses = [...new Set(ctx.seen.map((s) => s.status))].sort();
      return `${ctx.seen.length} answers, statuses ${statuses.join(', ')}`;
    },
  },
  {
    name: 'every 200 and every error answer so far was application/json',
    async run(ctx) {
      expect(ctx.seen.length > 0, 'no answer was received');
      for (const seen of ctx.seen) {
        if (seen.method === 'HEAD' || seen.status === 307 || seen.status === 304) continue;
        expect(
          isJsonType(seen.headers.get('content-type')),
          `${seen.method} ${seen.url} (${seen.status}): Content-Type ${JSON.stringify(seen.headers.get('content-type'))}`,
        );
      }
    },
  },
];

/**
 * The rate-limit check: it spends the address's quota, so it runs last (and --skip-rate-limit leaves it out).
 * When the 429 comes before 120 requests (quota already spent by an earlier run or by the MCP server on this
 * address), it waits Retry-After once and counts a fresh burst.
 */
export const rateLimitCheck: Check = {
  name: 'past 120 requests a minute the API answers 429 with Retry-After (integer, 1-60), a JSON error, CORS and Retry-After exposed (and RateLimit r=0 where sent)',
  async run(ctx) {
    const url = ctx.url('/facts?limit=1&po_live=1');
    for (let burst = 1; burst <= 2; burst += 1) {
      const started = Date.now();
      let sent = 0;
      let answer: Answer;
      do {
        answer = await ctx.raw(url);
        sent += 1;
        expect(
          answer.status === 200 || answer.status === 429,
          `request ${sent} of the burst: expected 200 or 429, got ${answer.status} ${excerpt(answer.text)}`,
        );
      } while (answer.status === 200 && sent < 400);
      expect(answer.status === 429, `${sent} requests in ${Math.round((Date.now() - started) / 1000)} s got no 429`);
      expectErrorBody(answer, 429, `request ${sent} of the burst`);
      const retryAfter = answer.headers.get('retry-after');
      const seconds = Number(retryAfter);
      expect(
        retryAfter !== null && /^\d+$/.test(retryAfter) && seconds >= 1 && seconds <= 60,
        `Retry-After: expected an integer from 1 to 60, got ${JSON.stringify(retryAfter)}`,
      );
      expect(
        exposes(answer.headers, 'retry-after'),
        `the 429 does not expose Retry-After: ${JSON.stringify(answer.headers.get('access-control-expose-headers'))}`,
      );
      // Optional headers; where sent, the refused request has nothing left.
      const left = readRateHeaders(answer.headers, `the 429`)?.map((limit) => limit.remaining);
      expect(!left || left.includes(0), `the 429 carries RateLimit with r=${left?.join(', r=')}, expected r=0`);
      const lastMinute = ctx.sentSinceReset.filter((t) => t > Date.now() - 60_000).length - 1;
      if (lastMinute >= 120) return `429 after ${lastMinute} requests in the last minute, Retry-After ${retryAfter}`;
      expect(burst === 1, `429 after only ${lastMinute} requests in a fresh minute; the spec allows 120`);
      await ctx.wait(seconds);
    }
    return undefined;
  },
};
