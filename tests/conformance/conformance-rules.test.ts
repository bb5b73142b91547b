/** The conformance checks pass on this API and fail, naming the rule, on an API that breaks one. */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.ts';
import { testHandler } from '../support/api.ts';

const BASE = 'http://api.test/api/v1';
type Mutate = (request: Request, response: Response) => Response | Promise<Response>;

/** Runs the checks in process against the real handler (120 a minute), its answers changed by `mutate`. */
async function run(mutate: Mutate = (_, r) => r, skipRateLimit = false) {
  const handler = testHandler({ quota: { limit: 120 } });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    return mutate(request, await handler(request, { clientAddress: '198.51.100.7' }));
  };
  const lines: string[] = [];
  const result = await runConformance(BASE, {
    fetch,
    skipRateLimit,
    print: (l) => lines.push(l),
    sleep: async () => {},
  });
  return { ...result, lines, failures: lines.filter((l) => l.startsWith('FAIL')) };
}

/** A copy of `response` with other headers and, optionally, another body. */
function edit(response: Response, headers: (h: Headers) => void, body?: string): Response {
  const copy = new Headers(response.headers);
  headers(copy);
  return new Response(body ?? response.body, { status: response.status, headers: copy });
}

describe('conformance checks', () => {
  it('all pass against this API, and the last line is "N passed, 0 failed"', async () => {
    const { failed, passed, lines } = await run();
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(failed).toBe(0);
    expect(passed).toBeGreaterThan(25);
    expect(lines.at(-1)).toBe(`${passed} passed, 0 failed`);
  });

  it('do not fail on extra headers (ETag, Vary, Cache-Control)', async () => {
    const { failures } = await run((_, r) =>
      edit(r, (h) => {
        h.set('etag', '"abc"');
        h.set('vary', 'Accept-Encoding');
        h.set('cache-control', 'no-cache');
      }),
    );
    expect(failures).toEqual([]);
  });

  it('check the RateLimit headers this API sends: well-formed, counting down, exposed', async () => {
    const { lines } = await run();
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^PASS {2}RateLimit-Policy and RateLimit, where sent, are well-formed .* \(on (\d+) of \1 answers\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^PASS {2}RateLimit counts down: .* \(r (\d+) → (\d+) → (\d+)\)$/),
    );
  });

  it('pass a deployment without RateLimit headers (the spec does not require them), saying they are not sent', async () => {
    const { failures, lines } = await run((_, r) =>
      edit(r, (h) => {
        h.delete('ratelimit');
        h.delete('ratelimit-policy');
      }),
    );
    expect(failures).toEqual([]);
    expect(lines.filter((l) => l.includes('(not sent: optional, the spec does not require them)'))).toHaveLength(2);
  });

  it('report malformed RateLimit headers, naming the answer and the fault', async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ ratelimit: 'default;r=5;t=30' }, 'RateLimit: each member must be a quoted policy name'],
      [{ ratelimit: '"default";r=5;t=30;' }, 'RateLimit: not a structured-field list'],
      [{ ratelimit: '"default";t=30' }, 'RateLimit: "default" needs r, a non-negative integer'],
      [{ ratelimit: '"default";r=-1;t=3' }, 'RateLimit: "default" needs r, a non-negative integer'],
      [{ ratelimit: '"default";r=2;t=1.5' }, 'RateLimit: t of "default" must be a non-negative integer'],
      [{ ratelimit: '"other";r=2;t=3' }, 'RateLimit names the policy "other", which RateLimit-Policy does not list'],
      [{ 'ratelimit-policy': '"default";w=60' }, 'RateLimit-Policy: policy "default" needs q'],
      [{ 'ratelimit-policy': '"default";q=120;w=0' }, 'RateLimit-Policy: w of "default" must be a positive integer'],
      [{ 'ratelimit-policy': '"default";q=2;w=60' }, 'is more than the quota q=2'],
      [{ 'ratelimit-policy': '"default";q=120;w=1' }, 'is longer than the window w=1'],
      [{ 'ratelimit-policy': null }, 'sends RateLimit without RateLimit-Policy'],
    ];
    for (const [headers, message] of cases) {
      const { failures } = await run(
        (_, r) =>
          edit(r, (h) => {
            for (const [name, value] of Object.entries(headers)) {
              if (value === null) h.delete(name);
              else if (h.has(name)) h.set(name, value);
            }
          }),
        true,
      );
      expect(
        failures.some((l) => l.startsWith('FAIL  RateLimit-Policy and RateLimit, where sent') && l.includes(message)),
        `${JSON.stringify(headers)}: ${failures.join('\n')}`,
      ).toBe(true);
    }
  });

  it('report a RateLimit that does not count down, and RateLimit headers not exposed through CORS', async () => {
    const stuck = await run(
      (_, r) => edit(r, (h) => h.has('ratelimit') && h.set('ratelimit', '"default";r=5;t=30')),
      true,
    );
    expect(stuck.failures).toEqual([
      expect.stringMatching(
        /^FAIL {2}RateLimit counts down: .*: request 2: r went from 5 to 5 within one window \(t=30\)$/,
      ),
    ]);
    const hidden = await run(
      (_, r) => edit(r, (h) => h.set('access-control-expose-headers', 'Retry-After, Location, ETag')),
      true,
    );
    expect(hidden.failures).toEqual([
      expect.stringContaining(
        'Access-Control-Expose-Headers does not include RateLimit: "Retry-After, Location, ETag"',
      ),
    ]);
  });

  it('report a 429 whose RateLimit says requests are left', async () => {
    const { failures } = await run((_, r) =>
      r.status === 429 ? edit(r, (h) => h.set('ratelimit', '"default";r=3;t=30')) : r,
    );
    expect(failures).toEqual([expect.stringContaining('the 429 carries RateLimit with r=3, expected r=0')]);
  });

  it('do not require po_live on /openapi.json, which the spec does not list among the po_live routes', async () => {
    const { failures } = await run((req, r) => {
      const url = new URL(req.url);
      if (req.method !== 'GET' || !url.pathname.endsWith('/openapi.json') || !url.searchParams.has('po_live')) return r;
      return new Response('{"error":{"code":"unknown_parameter","message":"po_live"}}', {
        status: 400,
        headers: r.headers,
      });
    });
    expect(failures).toEqual([]);
  });

  it('report a missing CORS header', async () => {
    const { failures } = await run((_, r) => edit(r, (h) => h.delete('access-control-allow-origin')), true);
    expect(failures.some((l) => l.includes('carried Access-Control-Allow-Origin: *'))).toBe(true);
    expect(failures.some((l) => l.includes('a cross-origin GET'))).toBe(true);
  });

  it('report a 307 whose Location lacks po_live=1 or leaves the domain', async () => {
    const dropped = await run(
      (_, r) =>
        r.status === 307 ? edit(r, (h) => h.set('location', h.get('location')!.replace(/[?&]po_live=1/, ''))) : r,
      true,
    );
    expect(
      dropped.failures.some(
        (l) => l.startsWith('FAIL  GET / without po_live') && l.includes('Location lacks po_live=1'),
      ),
    ).toBe(true);
    const away = await run(
      (_, r) =>
        r.status === 307
          ? edit(r, (h) => h.set('location', h.get('location')!.replace('api.test', 'elsewhere.test')))
          : r,
      true,
    );
    expect(away.failures.some((l) => l.includes('the 307 leaves the domain'))).toBe(true);
  });

  it('report a 400 without the JSON error body', async () => {
    const { failures } = await run((_, r) => (r.status === 400 ? edit(r, () => {}, '{"message":"bad"}') : r), true);
    expect(
      failures.some(
        (l) =>
          l.startsWith('FAIL  GET /facts?limit=51 (limit above 50)') &&
          l.includes('expected a body {"error":{"code","message"}}'),
      ),
    ).toBe(true);
  });

  it('report a limit that is not enforced', async () => {
    const { failures } = await run(
      async (req, r) =>
        new URL(req.url).searchParams.get('limit') === '51'
          ? new Response('{"results":[],"total":0,"limit":51,"offset":0}', { status: 200, headers: r.headers })
          : r,
      true,
    );
    expect(failures.some((l) => l.includes('limit above 50') && l.includes('expected 400, got 200'))).toBe(true);
  });

  it('report a wrong OpenAPI version', async () => {
    const { failures } = await run(
      async (req, r) =>
        req.url.includes('openapi.json') && r.status === 200
          ? edit(r, () => {}, JSON.stringify({ ...(await r.json()), info: { version: '1.1.0' } }))
          : r,
      true,
    );
    expect(failures.some((l) => l.includes('expected info.version "1.2.0", got "1.1.0"'))).toBe(true);
  });

  it('report a record off the id pattern', async () => {
    const { failures } = await run(
      async (req, r) =>
        new URL(req.url).pathname.endsWith('/facts') && r.status === 200
          ? edit(
              r,
              () => {},
              (await r.text()).replace(
                /^\{"results":\[\{"id":"(\w+)/,
                (_, prefix: string) => `{"results":[{"id":"${prefix.toUpperCase()}`,
              ),
            )
          : r,
      true,
    );
    expect(
      failures.some((l) => l.startsWith('FAIL  records have the spec fields') && l.includes('id must match')),
    ).toBe(true);
  });

  it('report a walk that repeats records (offset ignored)', async () => {
    const { failures } = await run(async (req, r) => {
      const url = new URL(req.url);
      if (!url.pathname.endsWith('/facts') || !url.searchParams.has('offset') || url.searchParams.get('offset') === '0')
        return r;
      url.searchParams.set('offset', '0');
      return fetchVia(url.href);
    }, true);
    expect(failures.some((l) => l.includes('appears twice in one walk'))).toBe(true);
  });

  it('report a 429 whose Retry-After is out of 1-60', async () => {
    const { failures } = await run((_, r) => (r.status === 429 ? edit(r, (h) => h.set('retry-after', '61')) : r));
    expect(failures).toEqual([expect.stringContaining('Retry-After: expected an integer from 1 to 60, got "61"')]);
  });

  it('report an API that never answers 429', async () => {
    const { failures } = await run((_, r) =>
      r.status === 429
        ? new Response('{"results":[],"total":0,"limit":1,"offset":0}', {
            status: 200,
            headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
          })
        : r,
    );
    expect(failures).toEqual([
      expect.stringMatching(/^FAIL {2}past 120 requests a minute.*: 400 requests in \d+ s got no 429$/),
    ]);
  });

  it('report a 429 before 120 requests, even after waiting Retry-After once', async () => {
    const handler = testHandler({ quota: { limit: 30 } });
    const lines: string[] = [];
    let clock = 0;
    const fetch: typeof globalThis.fetch = async (input, init) =>
      handler(new Request(input, init), { clientAddress: `c${Math.floor(clock / 60_000)}` });
    await runConformance(BASE, {
      fetch,
      print: (l) => lines.push(l),
      sleep: async (ms) => {
        clock += ms;
      },
    });
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringMatching(/429 after only \d+ requests in a fresh minute; the spec allows 120/),
    ]);
  });
});

const plain = testHandler();
function fetchVia(url: string): Promise<Response> {
  return plain(new Request(url), { clientAddress: '198.51.100.8' });
}
