import fc from 'fast-check';
import { readdir, readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex, strongEtag } from '../../src/lib/http/etag.ts';
import { nodeCompress } from '../../src/adapters/node/compress.ts';
import { testSettings } from '../support/test-build.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { recordJsonPath } from '../../src/lib/paths.ts';
import { expectError, get, testHandler } from '../support/api.ts';

const api = testHandler({ compress: nodeCompress });
const ID = 'fait-e895e5ca7dd9aa43';
/** Every 200 route: catalogue, openapi.json, a record, a search, a listing page. */
const OK_PATHS = [
  '/api/v1/?po_live=1',
  '/api/v1/openapi.json',
  `/api/v1/facts/${ID}?po_live=1`,
  '/api/v1/facts?po_live=1&q=permis',
  '/api/v1/facts?po_live=1&kind=lesson&limit=3&offset=2',
];
const recordDir = join(testSettings.DIST_DIR, 'api/v1/facts');

describe('ETag and If-None-Match', () => {
  it.each(OK_PATHS.filter((path) => !path.includes('/facts?')))(
    'sends a strong ETag, the SHA-256 of the body, on the 200 of %s',
    async (path) => {
      const response = await get(api, path);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(response.headers.get('etag')).toBe(strongEtag(await sha256Hex(body)));
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    },
  );

  // A list's ETag hashes the hashes of the records it joins and its tail: cheaper than the whole body, as strong.
  it.each(OK_PATHS.filter((path) => path.includes('/facts?')))(
    'sends a strong ETag on the 200 of %s: the same for the same body, a new one when a listed record changes',
    async (path) => {
      const first = await get(api, path);
      const etag = first.headers.get('etag')!;
      const body = await first.text();
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const listed = (JSON.parse(body) as { results: { id: string }[] }).results.map((r) => r.id);
      expect(listed.length).toBeGreaterThan(1);
      // A fresh handler without the answer cache builds the same bytes again: same tag.
      const fresh = testHandler({ compress: nodeCompress, replyCache: { entries: 0, bytes: 0 } });
      const again = await get(fresh, path);
      expect(await again.text()).toBe(body);
      expect(again.headers.get('etag')).toBe(etag);
      // The same build but the last listed record's JSON changed by one character: another body, another tag.
      const read = readDist(testSettings.DIST_DIR);
      const changed = createApiHandler({
        read: async (file) => {
          const text = await read(file);
          return text !== null && file === recordJsonPath(listed.at(-1)!).slice(1)
            ? text.replace('"title":"', '"title":"~')
            : text;
        },
        quota: { limit: 1_000_000 },
      });
      const other = await changed(new Request(`http://localhost${path}`));
      expect(await other.text()).not.toBe(body);
      expect(other.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      expect(other.headers.get('etag')).not.toBe(etag);
    },
  );

  it.each(OK_PATHS)(
    'answers 304 without a body, with the same CORS and cache headers, to If-None-Match on %s',
    async (path) => {
      for (const encoding of ['', 'br', 'gzip']) {
        const first = await get(api, path, { headers: { 'accept-encoding': encoding } });
        const etag = first.headers.get('etag')!;
        const again = await get(api, path, { headers: { 'accept-encoding': encoding, 'if-none-match': etag } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        for (const name of [
          'etag',
          'vary',
          'cache-control',
          'access-control-allow-origin',
          'access-control-expose-headers',
        ]) {
          expect(again.headers.get(name), name).toBe(first.headers.get(name));
        }
        expect(again.headers.get('content-encoding')).toBeNull();
      }
    },
  );

  it('matches a weak form of the tag, any tag of a list, and *', async () => {
    const etag = (await get(api, `/api/v1/facts/${ID}?po_live=1`)).headers.get('etag')!;
    for (const header of [`W/${etag}`, `"nope", ${etag}`, '*']) {
      expect((await get(api, `/api/v1/facts/${ID}?po_live=1`, { headers: { 'if-none-match': header } })).status).toBe(
        304,
      );
    }
  });

  it('gives each coding its own tag, so a tag of one coding does not validate another', async () => {
    const path = '/api/v1/facts?po_live=1&q=permis';
    const tags = await Promise.all(
      ['', 'br', 'gzip'].map(
        async (e) => (await get(api, path, { headers: { 'accept-encoding': e } })).headers.get('etag')!,
      ),
    );
    expect(tags[1]).toBe(tags[0]!.replace(/"$/, '-br"'));
    expect(tags[2]).toBe(tags[0]!.replace(/"$/, '-gzip"'));
    const mixed = await get(api, path, { headers: { 'accept-encoding': 'br', 'if-none-match': tags[0]! } });
    expect(mixed.status).toBe(200);
    expect(mixed.headers.get('content-encoding')).toBe('br');
  });

  it('gives equivalent searches one tag and different pages different tags', async () => {
    const tag = async (path: string) => (await get(api, path)).headers.get('etag');
    expect(await tag("/api/v1/facts?po_live=1&q=L'Examen+Th%C3%A9oriques")).toBe(
      await tag('/api/v1/facts?po_live=1&q=theorique+examen'),
    );
    expect(await tag('/api/v1/facts?po_live=1&q=permis&offset=1')).not.toBe(
      await tag('/api/v1/facts?po_live=1&q=permis'),
    );
  });

  it('never answers 304 to a request without a matching If-None-Match', async () => {
    const paths = [
      ...OK_PATHS,
      '/api/v1/facts?q=permis',
      '/api/v1/facts?po_live=1&limit=0',
      '/api/v1/facts/fait-0000000000000000?po_live=1',
      '/api/v1/nope',
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
      { 'if-none-match': '"0000"' },
      { 'if-none-match': 'not a tag' },
    ];
    for (const path of paths) {
      for (const headers of headerSets)
        expect((await get(api, path, { headers })).status, `${path} ${JSON.stringify(headers)}`).not.toBe(304);
    }
    // A tag only ever validates a 200: errors and redirects keep their status.
    expect((await get(api, '/api/v1/facts?q=permis', { headers: { 'if-none-match': '*' } })).status).toBe(307);
    await expectError(
      await get(api, '/api/v1/facts/fait-0000000000000000?po_live=1', { headers: { 'if-none-match': '*' } }),
      404,
      'record_not_found',
    );
    expect(
      (await get(api, `/api/v1/facts/${ID}?po_live=1`, { method: 'POST', headers: { 'if-none-match': '*' } })).status,
    ).toBe(405);
  });
});

describe('negotiation under arbitrary headers', () => {
  const token = fc.constantFrom('br', 'gzip', 'x-gzip', 'deflate', 'identity', '*', 'BR', 'zstd', '');
  const acceptEncoding = fc
    .array(fc.tuple(token, fc.option(fc.constantFrom('0', '0.5', '1', '1.0', '0.001', 'abc', '2'))), { maxLength: 4 })
    .map((parts) => parts.map(([name, q]) => (q === null ? name : `${name};q=${q}`)).join(', '));
  const hexTag = fc
    .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 40 })
    .map((h) => `"${h}"`);

  it('answers 200 with a body that decodes to the identity body, or 304 exactly when If-None-Match names the sent tag', async () => {
    const path = '/api/v1/facts?po_live=1&q=permis';
    const identity = await (await get(api, path)).text();
    const tags = await Promise.all(
      ['', 'br', 'gzip'].map(
        async (e) => (await get(api, path, { headers: { 'accept-encoding': e } })).headers.get('etag')!,
      ),
    );
    const wellFormed = fc.array(fc.oneof(hexTag, fc.constantFrom('""', ...tags, ...tags.map((t) => `W/${t}`))), {
      minLength: 1,
      maxLength: 3,
    });
    // null: no header; a list: well-formed tags; a string: '*' or anything at all (then only "304 implies a match" is checked).
    const ifNoneMatch = fc.option(fc.oneof(wellFormed, fc.constant('*'), fc.string({ maxLength: 30 })));
    await fc.assert(
      fc.asyncProperty(acceptEncoding, ifNoneMatch, async (accept, inm) => {
        const headers: Record<string, string> = { 'accept-encoding': accept };
        if (inm !== null) headers['if-none-match'] = Array.isArray(inm) ? inm.join(', ') : inm;
        const response = await get(api, path, { headers });
        const etag = response.headers.get('etag')!;
        // A header value's surrounding whitespace is not part of it (RFC 9110 5.5; Headers trims it): " *" is "*".
        const star = typeof inm === 'string' && inm.trim() === '*';
        const matches = Array.isArray(inm) ? inm.some((t) => t.replace(/^W\//, '') === etag) : star;
        if (response.status === 304) {
          expect(matches || (inm !== null && headers['if-none-match']!.includes(etag))).toBe(true);
          return;
        }
        expect(response.status).toBe(200);
        if (Array.isArray(inm) || star) expect(matches).toBe(false);
        const bytes = Buffer.from(await response.arrayBuffer());
        const coding = response.headers.get('content-encoding');
        const decoded = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
        expect(decoded.toString('utf8')).toBe(identity);
        expect(etag).toBe(coding ? tags[0]!.replace(/"$/, `-${coding}"`) : tags[0]);
      }),
      // The counterexample fast-check once found: "*" with a space before it (a 304, rightly).
      { numRuns: 200, examples: [['', ' *']] },
    );
  });
});

describe('Last-Modified', () => {
  it("is the record's modified_at as an HTTP-date, and absent on records without it", async () => {
    // The record JSON files, without their precompressed .br/.gz siblings.
    const ids = (await readdir(recordDir)).filter((name) => !/\.(br|gz)$/.test(name));
    const dates = await Promise.all(
      ids.map(async (id) => JSON.parse(await readFile(join(recordDir, id), 'utf8')).modified_at as string | undefined),
    );
    const sample = [...ids.filter((_, i) => dates[i]).slice(0, 20), ...ids.filter((_, i) => !dates[i]).slice(0, 5)];
    let withDate = 0;
    let without = 0;
    for (const id of sample) {
      const modified = dates[ids.indexOf(id)];
      const response = await get(api, `/api/v1/facts/${id}?po_live=1`);
      expect(response.headers.get('last-modified')).toBe(modified ? new Date(modified).toUTCString() : null);
      if (modified) withDate += 1;
      else without += 1;
    }
    expect(withDate).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
  });
});

describe('the catalogue', () => {
  it('tells clients how to revalidate and how to get compressed answers', async () => {
    const catalogue = (await (await get(api, '/api/v1/?po_live=1')).json()) as { caching: string };
    expect(catalogue.caching).toMatch(/ETag.*If-None-Match.*304.*Accept-Encoding/);
  });
});

describe('CORS', () => {
  it('exposes ETag besides Retry-After and Location to other origins', async () => {
    for (const path of [...OK_PATHS, '/api/v1/nope']) {
      expect((await get(api, path)).headers.get('access-control-expose-headers')).toBe(
        'Retry-After, Location, ETag, RateLimit, RateLimit-Policy',
      );
    }
  });
});
