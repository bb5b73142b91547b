import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { get, ORIGIN, testHandler } from '../support/api.ts';
import { isApiPath } from '../../src/adapters/web/edge.ts';

const api = testHandler();
const names = fc.constantFrom('q', 'region', 'kind', 'limit', 'offset', 'po_live', 'x', '', 'Q', 'limit[]');
const values = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -100, max: 20_000 }).map(String),
  fc.constantFrom('1', 'wallonie', 'fact', '%', '%zz', '%00', '../', '<script>', '10001', '50', 'belgique', "l'examen"),
);
const query = fc.array(fc.tuple(names, values), { maxLength: 6 });
const pathTail = fc.oneof(
  fc.constantFrom(
    '',
    '/',
    '/facts',
    '/facts/',
    '/openapi.json',
    '/facts/fait-e895e5ca7dd9aa43',
    '/facts/%',
    '/facts/%2e%2e',
    '/facts/fait-0000000000000000/x',
    '//',
    '/%00',
  ),
  fc.webPath(),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((s) => `/facts/${s}`),
);

/** Checks the invariants every API response keeps, whatever was asked. */
async function checkInvariants(response: Response): Promise<void> {
  expect([200, 307, 400, 404, 405, 429]).toContain(response.status);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = JSON.parse(await response.text());
  if (response.status >= 400) {
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
  }
  if (response.status === 307)
    expect(new URL(response.headers.get('location')!).searchParams.getAll('po_live')).toContain('1');
}

describe('hostile input (properties)', () => {
  it('never answers 5xx to any query string on /facts, and every 4xx has the JSON error body', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (pairs, withPoLive) => {
        const params = new URLSearchParams(pairs);
        if (withPoLive && !params.has('po_live')) params.append('po_live', '1');
        await checkInvariants(await get(api, `/api/v1/facts?${params}`));
      }),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to any path or raw query under /api/v1', async () => {
    await fc.assert(
      fc.asyncProperty(pathTail, fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), async (tail, raw) => {
        let url: URL;
        try {
          url = new URL(`${ORIGIN}/api/v1${tail}?${raw}`);
        } catch {
          return; // not a URL a client could send
        }
        if (!isApiPath(url.pathname)) return; // dot segments took it out of /api/v1: a site path (the 404 page)
        await checkInvariants(await api(new Request(url), { clientAddress: '198.51.100.7' }));
      }),
      { numRuns: 300 },
    );
  });

  it('redirects keep every parameter, so following the redirect asks the same question', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const params = new URLSearchParams(pairs.filter(([name]) => name !== 'po_live'));
        const response = await get(api, `/api/v1/facts?${params}`);
        expect(response.status).toBe(307);
        const location = new URL(response.headers.get('location')!);
        const kept = [...location.searchParams].filter(([name]) => name !== 'po_live');
        expect(kept).toEqual([...params]);
        expect(location.searchParams.getAll('po_live')).toEqual(['1']);
      }),
      { numRuns: 200 },
    );
  });
});
