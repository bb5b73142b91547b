import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Compress } from '../../src/lib/api/entity.ts';
import { MIN_COMPRESS_BYTES } from '../../src/lib/http/content-coding.ts';
import { nodeCompress } from '../../src/adapters/node/compress.ts';
import { get, testHandler } from '../support/api.ts';

/** nodeCompress, counting its calls per coding. */
function countingCompress() {
  const calls = { br: 0, gzip: 0 };
  const compress: Compress = (body, coding) => {
    calls[coding] += 1;
    return nodeCompress(body, coding);
  };
  return { calls, compress };
}

const SEARCH = '/api/v1/facts?po_live=1&q=permis';
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('compression of API answers', () => {
  const api = testHandler({ compress: nodeCompress });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ] as const)(
    'answers Accept-Encoding: %s in %s, Vary: Accept-Encoding, decoding to the identity body',
    async (accept, coding, decode) => {
      for (const path of [
        SEARCH,
        '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1',
        '/api/v1/openapi.json',
        '/api/v1/?po_live=1',
      ]) {
        const plain = await bytes(await get(api, path));
        const response = await get(api, path, { headers: { 'accept-encoding': accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(coding);
        expect(response.headers.get('vary')).toBe('Accept-Encoding');
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const sent = await bytes(response);
        expect(sent.length).toBeLessThan(plain.length);
        expect(new Uint8Array(decode(sent))).toEqual(plain);
      }
    },
  );

  it('sends identity, still with Vary, without Accept-Encoding or when only unknown codings are accepted', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await get(api, SEARCH, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(JSON.parse(await response.text()).total).toBeGreaterThan(0);
    }
  });

  it('sends bodies under MIN_COMPRESS_BYTES as they are, without Vary', async () => {
    const response = await get(api, '/api/v1/facts?po_live=1&q=zzzzqqqq', { headers: { 'accept-encoding': 'br' } });
    const body = await bytes(response);
    expect(body.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });

  it('never compresses errors and redirects', async () => {
    for (const path of ['/api/v1/facts?q=permis', '/api/v1/facts?po_live=1&limit=abc', '/api/v1/nope']) {
      expect(
        (await get(api, path, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get('content-encoding'),
      ).toBeNull();
    }
  });

  it('compresses each answer once per coding, on first demand', async () => {
    const { calls, compress } = countingCompress();
    const counted = testHandler({ compress });
    for (let i = 0; i < 5; i++) await get(counted, SEARCH);
    expect(calls).toEqual({ br: 0, gzip: 0 });
    for (let i = 0; i < 5; i++) await get(counted, SEARCH, { headers: { 'accept-encoding': 'br' } });
    expect(calls).toEqual({ br: 1, gzip: 0 });
    for (let i = 0; i < 5; i++)
      await get(counted, "/api/v1/facts?po_live=1&q=PERMIS+l'", { headers: { 'accept-encoding': 'gzip' } });
    expect(calls).toEqual({ br: 1, gzip: 1 });
    for (let i = 0; i < 3; i++)
      await get(counted, '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1', { headers: { 'accept-encoding': 'br' } });
    expect(calls).toEqual({ br: 2, gzip: 1 });
  });

  it('sends no Content-Encoding and no Vary when the host compresses (no compress option)', async () => {
    const edge = testHandler();
    const response = await get(edge, SEARCH, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  });
});
