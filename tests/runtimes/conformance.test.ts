/**
 * The conformance checker (`npm run conformance`) against this project's runtime (API_TARGET: deno, bun, netlify,
 * vercel): every rule of the spec, the 120-a-minute quota (counted in the process's or isolate's memory) included.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.ts';
import { testSettings } from '../support/test-build.ts';
import { type RuntimeKind, startRuntime } from '../support/runtime-target.ts';

const kind = process.env.API_TARGET as RuntimeKind;

describe(`conformance on ${kind}`, () => {
  it('passes every check of npm run conformance, the 120-a-minute quota and its RateLimit headers included', async () => {
    const { url } = await startRuntime(kind, { RATE_LIMIT_PER_MINUTE: '120', SITE_URL: testSettings.SITE_URL });
    // Requests keep their path and query (the build's SITE_URL is where canonical redirects point) and go to this runtime.
    const viaRuntime = (async (input: globalThis.RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const target = new URL(request.url);
      const response = await fetch(new URL(target.pathname + target.search, url), {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      // Follow redirects as the checker asked, onto this runtime (they point at SITE_URL).
      if (location && (init?.redirect ?? 'follow') === 'follow' && response.status >= 300 && response.status < 400)
        return viaRuntime(new URL(location, request.url), { ...init, method: 'GET' });
      return response;
    }) as typeof fetch;
    const lines: string[] = [];
    const { passed, failed } = await runConformance(`${testSettings.SITE_URL}/api/v1`, {
      fetch: viaRuntime,
      print: (line) => lines.push(line),
    });
    expect(
      lines.slice(0, -1).filter((line) => !line.startsWith('PASS  ')),
      lines.join('\n'),
    ).toEqual([]);
    expect(lines.at(-1)).toBe(`${passed} passed, 0 failed`);
    expect(failed).toBe(0);
    expect(passed).toBeGreaterThan(20);
    expect(lines.some((line) => line.startsWith('PASS  past 120 requests a minute'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('PASS  RateLimit'))).toEqual([
      expect.stringMatching(/\(on \d+ of \d+ answers\)$/),
      expect.stringMatching(/\(r \d+ → \d+ → \d+\)$/),
    ]);
  });
});
