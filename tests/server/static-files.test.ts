import { mkdtemp, mkdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staticFiles, type StaticRequest } from '../../src/adapters/node/static/static-files.ts';

let dir = '';
const page = `<!doctype html><title>Page</title>${'<p>Texte de la page, assez long pour être compressé.</p>'.repeat(60)}`;
const pageBytes = Buffer.from(page);
const mtime = new Date('2026-05-01T10:00:00Z');
const siblingBytes = brotliCompressSync('let a = 1;'.repeat(300), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-files-'));
  await mkdir(join(dir, 'fiches/a'), { recursive: true });
  await mkdir(join(dir, '_astro'), { recursive: true });
  await writeFile(join(dir, 'fiches/a/index.html'), page);
  await writeFile(join(dir, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(dir, 'logo.png'), Buffer.alloc(4000, 7));
  await writeFile(join(dir, '_astro/app.js'), 'console.log(1);'.repeat(200));
  await writeFile(join(dir, 'withsibling.js'), 'let a = 1;'.repeat(300));
  // The build's sibling, at a quality the server never uses, so that the test can tell it from a compression made here.
  await writeFile(join(dir, 'withsibling.js.br'), siblingBytes);
  await writeFile(join(dir, 'damaged.html'), page);
  await writeFile(join(dir, 'damaged.html.br'), brotliCompressSync(page.replace('Page', 'Pirate')));
  await writeFile(join(dir, 'damaged.html.gz'), gzipSync(page).subarray(0, 60));
  await writeFile(join(dir, '404.html'), `<!doctype html><title>Introuvable</title>${'x'.repeat(2000)}`);
  await writeFile(join(dir, '.build-stamp.json'), '{"CONTENT_DIR":"/secret"}');
  await writeFile(join(dir, '.integrity.json'), '{}');
  await mkdir(join(dir, '.hidden'));
  await writeFile(join(dir, '.hidden/file.txt'), 'secret');
  await utimes(join(dir, 'fiches/a/index.html'), mtime, mtime);
  await writeFile(join(dir, '_headers'), '/*\n  x-frame-options: DENY\n');
  await writeFile(join(dir, '_redirects'), '/old /new 301\n');
  await mkdir(join(dir, 'search'));
  await writeFile(join(dir, 'search/manifest.json'), '{"shards":1}');
  // Links out of the build: to a file, to a directory (the project root, holding package.json), and a sibling.
  outside = await mkdtemp(join(tmpdir(), 'static-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'outside the build');
  await writeFile(join(outside, 'page.js.br'), brotliCompressSync('outside the build'));
  await symlink(join(outside, 'secret.txt'), join(dir, 'secret.txt'));
  await symlink(process.cwd(), join(dir, 'up'));
  await symlink(outside, join(dir, 'fiches/away'));
  await writeFile(join(dir, 'linked.js'), 'let b = 2;'.repeat(300));
  await symlink(join(outside, 'page.js.br'), join(dir, 'linked.js.br'));
  // A link that stays inside the build is served like its target.
  await symlink(join(dir, 'robots.txt'), join(dir, 'robots-copy.txt'));
});
let outside = '';
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const request = (pathname: string, headers: Record<string, string> = {}, method = 'GET'): StaticRequest => ({
  method,
  pathname,
  header: (name) => headers[name],
});
const text = (body: Buffer | string) => body.toString();

describe('static files: what is served', () => {
  it('never serves dotfiles such as the build stamp and the integrity manifest', async () => {
    const files = staticFiles(dir);
    for (const path of [
      '/.build-stamp.json',
      '/.integrity.json',
      '/.hidden/file.txt',
      '/%2ebuild-stamp.json',
      '/fiches/../.build-stamp.json',
      '/fiches/%2e%2e/.integrity.json',
    ]) {
      const reply = await files(request(path));
      expect(reply.status, path).toBe(404);
      expect(text(reply.body)).toContain('Introuvable');
    }
  });

  it('never follows a symbolic link out of the build, to a file or through a directory; links inside it are served', async () => {
    const files = staticFiles(dir);
    for (const path of ['/secret.txt', '/up/package.json', '/up/', '/fiches/away/secret.txt', '/%73ecret.txt']) {
      const reply = await files(request(path));
      expect(reply.status, path).toBe(404);
      expect(text(reply.body), path).toContain('Introuvable');
    }
    const inside = await files(request('/robots-copy.txt'));
    expect(inside.status).toBe(200);
    expect(text(inside.body)).toBe('User-agent: *\n');
  });

  it('never sends a precompressed sibling that is a link out of the build: compresses the file itself', async () => {
    const reply = await staticFiles(dir)(request('/linked.js', { 'accept-encoding': 'br' }));
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body as Buffer).toString()).toBe('let b = 2;'.repeat(300));
  });

  it("never serves a static host's configuration files (_headers, _redirects), however the path is spelt", async () => {
    const files = staticFiles(dir);
    for (const path of [
      '/_headers',
      '//_headers',
      '/%5fheaders',
      '/fiches/../_headers',
      '/fiches/%2e%2e/_headers',
      '/_redirects',
    ]) {
      const reply = await files(request(path));
      expect(reply.status, path).toBe(404);
      expect(text(reply.body), path).toContain('Introuvable');
    }
  });

  it('sends the search index files with Access-Control-Allow-Origin: *, as _headers makes static hosts do, and pages without it', async () => {
    const files = staticFiles(dir);
    const search = await files(request('/search/manifest.json'));
    expect(search.status).toBe(200);
    expect(search.headers['access-control-allow-origin']).toBe('*');
    const again = await files(request('/search/manifest.json', { 'if-none-match': search.headers.etag! }));
    expect(again.status).toBe(304);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    expect((await files(request('/fiches/a/'))).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves /a/, /a and encoded forms of the same file from one cache entry', async () => {
    const files = staticFiles(dir);
    for (const path of ['/fiches/a/', '/fiches/a', '/fiches/%61/', '/fiches/a/index.html', '/%66iches/a']) {
      const reply = await files(request(path));
      expect(reply.status, path).toBe(200);
      expect(text(reply.body)).toBe(page);
    }
    expect(files.cacheStats().entries).toBe(1);
  });

  it('keeps no memory per distinct missing path: 2,000 misses leave one entry, the 404 page', async () => {
    const files = staticFiles(dir);
    for (let i = 0; i < 2000; i++) expect((await files(request(`/nope-${i}/${'x'.repeat(i % 50)}`))).status).toBe(404);
    expect(files.cacheStats().entries).toBe(1);
  });

  it('bounds the cache in entries and in bytes, keys counted', async () => {
    await mkdir(join(dir, 'many'), { recursive: true });
    for (let i = 0; i < 20; i++) await writeFile(join(dir, `many/f${i}.txt`), 'y'.repeat(500));
    const byCount = staticFiles(dir, { maxEntries: 5 });
    const byBytes = staticFiles(dir, { maxBytes: 3000 });
    for (let i = 0; i < 20; i++) {
      await byCount(request(`/many/f${i}.txt`));
      await byBytes(request(`/many/f${i}.txt`));
    }
    expect(byCount.cacheStats().entries).toBe(5);
    expect(byBytes.cacheStats().bytes).toBeLessThanOrEqual(3000);
    expect(byBytes.cacheStats().entries).toBeGreaterThan(0);
    expect(byBytes.cacheStats().entries).toBeLessThan(5);
  });

  it('sends Content-Length on 200, 404 and 206 replies', async () => {
    const files = staticFiles(dir);
    for (const reply of [
      await files(request('/robots.txt')),
      await files(request('/nope')),
      await files(request('/robots.txt', { range: 'bytes=0-3' })),
    ]) {
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
    }
  });
});

describe('static files: compression', () => {
  it('sends br or gzip as negotiated, with Vary, and identity without Accept-Encoding', async () => {
    const files = staticFiles(dir);
    const br = await files(request('/fiches/a/', { 'accept-encoding': 'gzip, br' }));
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(page.length / 3);
    const gzip = await files(request('/fiches/a/', { 'accept-encoding': 'gzip' }));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(page);
    const plain = await files(request('/fiches/a/'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const reply of [br, gzip, plain]) expect(reply.headers.vary).toBe('Accept-Encoding');
  });

  it('compresses once: later requests get the same bytes without growing the cache', async () => {
    const files = staticFiles(dir);
    const first = await files(request('/fiches/a/', { 'accept-encoding': 'br' }));
    const bytes = files.cacheStats().bytes;
    const second = await files(request('/fiches/a/', { 'accept-encoding': 'br' }));
    expect(second.body).toBe(first.body);
    expect(files.cacheStats().bytes).toBe(bytes);
  });

  it("serves the build's precompressed sibling rather than compressing", async () => {
    const reply = await staticFiles(dir)(request('/withsibling.js', { 'accept-encoding': 'br' }));
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body).toEqual(siblingBytes);
  });

  it('never sends a damaged or stale .br/.gz sibling: the file is compressed here instead, and the sibling named in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const files = staticFiles(dir);
      const br = await files(request('/damaged.html', { 'accept-encoding': 'br' }));
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
      const gz = await files(request('/damaged.html', { 'accept-encoding': 'gzip' }));
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body as Buffer).toString()).toBe(page);
      expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/damaged\.html\.br does not decode to damaged\.html/),
        expect.stringMatching(/damaged\.html\.gz does not decode to damaged\.html/),
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it('never compresses per request: a file too large to cache goes out compressed only from a build sibling', async () => {
    const files = staticFiles(dir, { maxFileBytes: 1000 });
    const big = await files(request('/fiches/a/', { 'accept-encoding': 'br' }));
    expect(big.headers['content-encoding']).toBeUndefined();
    expect(files.cacheStats().entries).toBe(0);
    const sibling = await files(request('/withsibling.js', { 'accept-encoding': 'br' }));
    expect(sibling.headers['content-encoding']).toBe('br');
  });

  it('sends bodies under 1 KiB and images as they are; images carry no Vary', async () => {
    const files = staticFiles(dir);
    const small = await files(request('/robots.txt', { 'accept-encoding': 'br' }));
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(text(small.body)).toBe('User-agent: *\n');
    const image = await files(request('/logo.png', { 'accept-encoding': 'br' }));
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
  });

  it('compresses the 404 page too, and never caches it downstream', async () => {
    const reply = await staticFiles(dir)(request('/nope', { 'accept-encoding': 'br' }));
    expect(reply.status).toBe(404);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('static files: validators', () => {
  it('sends a strong ETag per coding and Last-Modified from the file', async () => {
    const files = staticFiles(dir);
    const plain = await files(request('/fiches/a/'));
    const br = await files(request('/fiches/a/', { 'accept-encoding': 'br' }));
    expect(plain.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(br.headers.etag).toBe(plain.headers.etag!.replace(/"$/, '-br"'));
    expect(plain.headers['last-modified']).toBe(mtime.toUTCString());
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect((await files(request('/_astro/app.js'))).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('answers If-None-Match with 304, the same cache and security headers, and no body', async () => {
    const files = staticFiles(dir);
    const full = await files(request('/fiches/a/', { 'accept-encoding': 'br' }));
    for (const tag of [full.headers.etag!, `W/${full.headers.etag}`, `"other", ${full.headers.etag}`, '*']) {
      const again = await files(request('/fiches/a/', { 'accept-encoding': 'br', 'if-none-match': tag }));
      expect(again.status, tag).toBe(304);
      expect(again.body).toBe('');
      for (const name of [
        'etag',
        'cache-control',
        'vary',
        'last-modified',
        'content-security-policy',
        'x-content-type-options',
      ])
        expect(again.headers[name], name).toBe(full.headers[name]);
    }
    expect((await files(request('/fiches/a/', { 'if-none-match': full.headers.etag! }))).status).toBe(200);
  });

  it('answers If-Modified-Since with 304 only when the file is not newer, and ignores it beside If-None-Match', async () => {
    const files = staticFiles(dir);
    expect((await files(request('/fiches/a/', { 'if-modified-since': mtime.toUTCString() }))).status).toBe(304);
    expect(
      (await files(request('/fiches/a/', { 'if-modified-since': new Date(mtime.getTime() - 1000).toUTCString() })))
        .status,
    ).toBe(200);
    expect(
      (await files(request('/fiches/a/', { 'if-modified-since': mtime.toUTCString(), 'if-none-match': '"x"' }))).status,
    ).toBe(200);
  });
});

describe('static files: ranges', () => {
  it('answers one range with 206 and Content-Range, from the uncompressed file', async () => {
    const files = staticFiles(dir);
    const size = pageBytes.length;
    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-5', size - 5, size - 1],
      ['bytes=5-999999', 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const reply = await files(request('/fiches/a/', { range, 'accept-encoding': 'br' }));
      expect(reply.status, range).toBe(206);
      expect(reply.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(Buffer.compare(reply.body as Buffer, pageBytes.subarray(start, end + 1))).toBe(0);
    }
  });

  it('answers 416 with bytes */size to a range past the end', async () => {
    const reply = await staticFiles(dir)(request('/fiches/a/', { range: `bytes=${pageBytes.length}-` }));
    expect(reply.status).toBe(416);
    expect(reply.headers['content-range']).toBe(`bytes */${pageBytes.length}`);
  });

  it('answers the whole file to several ranges, a malformed range, or an If-Range naming another version', async () => {
    const files = staticFiles(dir);
    for (const headers of [
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=abc' },
      { range: 'items=0-1' },
      { range: 'bytes=0-1', 'if-range': '"old"' },
    ]) {
      const reply = await files(request('/fiches/a/', headers));
      expect(reply.status, JSON.stringify(headers)).toBe(200);
      expect(text(reply.body)).toBe(page);
    }
    const tag = (await files(request('/fiches/a/'))).headers.etag!;
    expect((await files(request('/fiches/a/', { range: 'bytes=0-1', 'if-range': tag }))).status).toBe(206);
  });
});

describe('parseRange', () => {
  it('always returns a range inside the body, 416, or the whole body', async () => {
    const fc = (await import('fast-check')).default;
    const { parseRange } = await import('../../src/adapters/node/static/static-range.ts');
    const header = fc.oneof(
      fc.string(),
      fc.tuple(fc.option(fc.nat(5000)), fc.option(fc.nat(5000))).map(([a, b]) => `bytes=${a ?? ''}-${b ?? ''}`),
    );
    fc.assert(
      fc.property(header, fc.nat(4000), (value, size) => {
        const result = parseRange(value, size);
        if (result === null || result === 'unsatisfiable') return;
        expect(result.start).toBeGreaterThanOrEqual(0);
        expect(result.end).toBeGreaterThanOrEqual(result.start);
        expect(result.end).toBeLessThan(size);
      }),
    );
  });
});
