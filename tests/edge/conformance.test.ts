/** The conformance checker (`npm run conformance`) against the worker in workerd: every rule of the spec, rate limit and RateLimit headers included. */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.ts';
import { testSettings } from '../support/test-build.ts';
import { startTestEdge } from '../support/worker-target.ts';

describe('conformance of the worker', () => {
  it('passes every check of npm run conformance, the 120-a-minute quota in the Durable Object and its RateLimit headers included', async () => {
    const { miniflare } = await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '120' } });
    // Requests keep their URL (the build's SITE_URL, where the canonical redirects point) and go to this workerd.
    const viaWorker = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      return miniflare.dispatchFetch(request.url, {
        method: request.method,
        headers: [...request.headers],
        redirect: init?.redirect ?? 'follow',
      });
    }) as unknown as typeof fetch;
    const lines: string[] = [];
    const { passed, failed } = await runConformance(`${testSettings.SITE_URL}/api/v1`, {
      fetch: viaWorker,
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
    // The worker sends the optional RateLimit headers: they are checked, not skipped as absent.
    expect(lines.filter((line) => line.startsWith('PASS  RateLimit'))).toEqual([
      expect.stringMatching(/\(on \d+ of \d+ answers\)$/),
      expect.stringMatching(/\(r \d+ → \d+ → \d+\)$/),
    ]);
  });
});
