/**
 * A plain static host for the first-search benchmark: files from one or more roots, brotli on the fly when
 * the browser accepts it (as a CDN would serve them), no function, no cache headers. Record pages and
 * Pagefind's bundle are served the same way, so both engines pay the same transfer costs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
};

/** A running static host. */
export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

/** Serves `mounts` (URL prefix -> directory, first match wins) and `pages` (path -> HTML) on 127.0.0.1. */
export function serveCompressed(
  mounts: [prefix: string, dir: string][],
  pages: Record<string, string> = {},
): Promise<StaticHost> {
  const cache = new Map<string, Buffer>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = normalize(decodeURIComponent(url.pathname));
    let body: Buffer | undefined;
    let type = 'text/html; charset=utf-8';
    if (pages[path] !== undefined) body = Buffer.from(pages[path]!);
    else {
      for (const [prefix, dir] of mounts) {
        if (!path.startsWith(prefix)) continue;
        let file = join(dir, path.slice(prefix.length));
        if (!file.startsWith(dir)) break;
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
        if (!existsSync(file)) continue;
        body = await readFile(file);
        type = TYPES[extname(file)] ?? 'application/octet-stream';
        break;
      }
    }
    if (!body) return void res.writeHead(404).end();
    const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': 'no-store' };
    if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 512) {
      let encoded = cache.get(path);
      if (!encoded)
        cache.set(path, (encoded = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })));
      body = encoded;
      headers['content-encoding'] = 'br';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}
