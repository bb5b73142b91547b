/**
 * The downloads over HTTP: the Node server (the route's 307, then the static file with its type, ETag, 304, ranges,
 * compression and CORS), and a plain static host (http-server) serving the same build.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: http-server ships no types; only createServer is used.
import { createServer as createStaticHost } from 'http-server';
import type { Downloads } from '../../src/lib/schema/downloads.ts';
import type { Catalogue } from '../../src/lib/schema/catalogue.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { testSettings } from '../support/test-build.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const onDisk = (name: string) => readFile(join(testSettings.DIST_DIR, 'downloads', name));

describe('the Node server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSiteServer();
  });
  afterAll(() => server.close());

  it('follows the route to the gzip file: application/gzip, no Content-Encoding, the SHA-256 the catalogue gives, public CORS', async () => {
    const catalogue = (await (await fetch(`${server.origin}/api/v1/?po_live=1`)).json()) as Catalogue & {
      downloads: Downloads;
    };
    const response = await fetch(`${server.origin}/api/v1/downloads/permis-facts.jsonl.gz`);
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${server.origin}/downloads/permis-facts.jsonl.gz`);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(catalogue.downloads.jsonl.bytes);
    expect(sha256(bytes)).toBe(catalogue.downloads.jsonl.sha256);
    expect(gunzipSync(bytes).toString('utf8').trim().split('\n')).toHaveLength(catalogue.corpus.records);
  });

  it('serves the files with a strong ETag, 304 on If-None-Match, and byte ranges', async () => {
    const url = `${server.origin}/downloads/permis-facts.jsonl.gz`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const range = await fetch(url, { headers: { range: 'bytes=0-1' } });
    expect(range.status).toBe(206);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([0x1f, 0x8b]);
  });

  it('compresses the CSV and the metadata as Accept-Encoding asks, and decodes to the file itself', async () => {
    for (const [name, type] of [
      ['permis-facts.csv', 'text/csv; charset=utf-8'],
      ['datapackage.json', 'application/json; charset=utf-8'],
      ['dcat.jsonld', 'application/ld+json; charset=utf-8'],
    ]) {
      for (const coding of ['br', 'gzip']) {
        const response = await fetch(`${server.origin}/downloads/${name}`, { headers: { 'accept-encoding': coding } });
        expect(response.headers.get('content-type'), name).toBe(type);
        expect(response.headers.get('content-encoding'), name).toBe(coding);
        expect(response.headers.get('vary')).toBe('Accept-Encoding');
        expect(Buffer.from(await response.arrayBuffer()).equals(await onDisk(name!)), name).toBe(true);
      }
    }
  });
});

describe("a plain static host (http-server, with the build's .br and .gz siblings)", () => {
  let origin: string;
  let host: { server: import('node:http').Server; close(): void };
  beforeAll(async () => {
    host = createStaticHost({ root: testSettings.DIST_DIR, cache: -1, gzip: true, brotli: true, showDir: false });
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  });
  afterAll(() => host.close());

  it('serves the gzip file as it is, and the CSV compressed, each decoding to the bytes whose SHA-256 datapackage.json gives', async () => {
    const descriptor = (await (await fetch(`${origin}/downloads/datapackage.json`)).json()) as {
      resources: { path: string; hash: string; bytes: number }[];
    };
    for (const resource of descriptor.resources) {
      const response = await fetch(`${origin}/downloads/${resource.path}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.status, resource.path).toBe(200);
      expect(response.headers.get('etag'), resource.path).toBeTruthy();
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.length, resource.path).toBe(resource.bytes);
      expect(`sha256:${sha256(bytes)}`, resource.path).toBe(resource.hash);
    }
    const gz = await fetch(`${origin}/downloads/permis-facts.jsonl.gz`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(gz.headers.get('content-type')).toMatch(/^application\/gzip/);
    expect(gz.headers.get('content-encoding')).toBeNull();
    const csv = await fetch(`${origin}/downloads/permis-facts.csv`, { headers: { 'accept-encoding': 'br' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-encoding')).toBe('br');
  });
});
