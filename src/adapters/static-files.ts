/** Node-only: serves the built site from dist/ with page security headers and the 404 page. */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { PAGE_HEADERS } from '../lib/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '': 'application/json; charset=utf-8', // the only extensionless files are per-record JSON
};

/** What to send for one static request. */
export interface StaticReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** Bytes of file content kept in memory, and the largest file kept. */
const CACHE_BYTES = 128 * 2 ** 20;
const CACHE_FILE_MAX = 2 * 2 ** 20;

/**
 * Builds a resolver for files under `dir`; `/a/` and `/a` both serve `/a/index.html`.
 * Replies are cached in memory (LRU, 128 MiB): dist/ does not change under a running server,
 * which `npm start` guarantees by building before it listens.
 */
export function staticFiles(dir: string): (pathname: string) => Promise<StaticReply> {
  const root = resolve(dir);
  const cache = new Map<string, StaticReply>();
  let cachedBytes = 0;
  function remember(pathname: string, reply: StaticReply): StaticReply {
    const size = reply.body.length;
    if (size > CACHE_FILE_MAX) return reply;
    cache.set(pathname, reply);
    cachedBytes += size;
    for (const [key, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(key);
      cachedBytes -= old.body.length;
    }
    return reply;
  }
  async function file(path: string): Promise<string | null> {
    const full = resolve(root, `.${path}`);
    if (full !== root && !full.startsWith(root + sep)) return null;
    const info = await stat(full).catch(() => null);
    if (info?.isFile()) return full;
    if (info?.isDirectory()) {
      const index = resolve(full, 'index.html');
      return (await stat(index).catch(() => null))?.isFile() ? index : null;
    }
    return null;
  }
  return async (pathname) => {
    const hit = cache.get(pathname);
    if (hit) {
      cache.delete(pathname);
      cache.set(pathname, hit);
      return hit;
    }
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      path = '/404-bad-encoding';
    }
    const found = path.includes('\0') ? null : await file(path);
    if (found) {
      const type = TYPES[extname(found)] ?? 'application/octet-stream';
      const maxAge = found.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      return remember(pathname, { status: 200, headers: { ...PAGE_HEADERS, 'content-type': type, 'cache-control': maxAge }, body: await readFile(found) });
    }
    const notFound = await readFile(resolve(root, '404.html')).catch(() => 'Page introuvable');
    return { status: 404, headers: { ...PAGE_HEADERS, 'content-type': TYPES['.html']!, 'cache-control': 'no-store' }, body: notFound };
  };
}
