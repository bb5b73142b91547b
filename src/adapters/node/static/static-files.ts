/**
 * Node-only: serves the built site from dist/ with page security headers, content-coding negotiation,
 * strong ETags, 304s, single byte ranges and the 404 page.
 */
import { noteCache, type CacheTrace } from '../../../lib/telemetry.ts';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { chooseCoding, type Coding } from '../../../lib/http/content-coding.ts';
import { ifNoneMatchMatches } from '../../../lib/http/etag.ts';
import { boundedCache } from '../../../lib/bounded-cache.ts';
import { CROSS_ORIGIN_STATIC_PATHS, PAGE_HEADERS } from '../../../lib/security-headers.ts';
import { encodedBody, entryBytes, entryEtag, loadEntry, type FileEntry } from './static-entry.ts';
import { candidates, underRoot } from './static-path.ts';
import { ifRangeAllows, parseRange } from './static-range.ts';

/** What the static side needs of a request. */
export interface StaticRequest {
  method: string;
  pathname: string;
  /** A request header (lowercase name), undefined when absent. */
  header(name: string): string | undefined;
  /** Filled with the request's cache outcome (the access log). */
  trace?: CacheTrace | undefined;
}

/** What to send for one static request (HEAD: the same, the writer drops the body). */
export interface StaticReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** Memory bounds of the file cache: entries, bytes (bodies, compressed forms, keys), and the largest file kept. */
export const STATIC_DEFAULTS = { maxEntries: 10_000, maxBytes: 128 * 2 ** 20, maxFileBytes: 16 * 2 ** 20 };

/** The resolver, with its cache's size for the soak and the tests. */
export interface StaticFiles {
  (request: StaticRequest): Promise<StaticReply>;
  cacheStats(): { entries: number; bytes: number };
}

/** A short plain-text reply with the page headers (405 on pages, refused requests). */
export function pageText(status: number, text: string, headers: Record<string, string> = {}): StaticReply {
  const body = Buffer.from(`${text}\n`);
  const base = { ...PAGE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  return { status, headers: { ...base, 'content-length': String(body.length), ...headers }, body };
}

/** The 405 for a page requested with another method than GET or HEAD. */
export const pageMethodNotAllowed = (method: string) =>
  pageText(405, `Méthode ${JSON.stringify(method.slice(0, 40))} non autorisée : les pages acceptent GET et HEAD.`, {
    allow: 'GET, HEAD',
  });

/**
 * Builds the resolver for files under `dir`. The cache is keyed by the resolved file, never by the raw path,
 * so misses and 404s keep no memory per distinct path. A build never changes under a server: a new build is a
 * new folder, and the server makes a fresh resolver for it (see ../site-server.ts).
 */
export function staticFiles(dir: string, options: Partial<typeof STATIC_DEFAULTS> = {}): StaticFiles {
  const limits = { ...STATIC_DEFAULTS, ...options };
  const root = resolve(dir);
  // The same paths as the `_headers` rules static hosts and the worker apply (CROSS_ORIGIN_STATIC_PATHS).
  const crossOrigin = (file: string) =>
    CROSS_ORIGIN_STATIC_PATHS.some((prefix) => file.startsWith(join(root, prefix) + sep));
  const cache = boundedCache<FileEntry>({ entries: limits.maxEntries, bytes: limits.maxBytes }, entryBytes);
  const loading = new Map<string, Promise<FileEntry>>();

  /** `file`, when it really lies under the root (symbolic links resolved); else a rejection, answered as a 404. */
  async function confined(file: string): Promise<string> {
    if (!(await underRoot(root, file))) throw new Error(`${file} leads outside ${root}`);
    return file;
  }

  function entryFor(file: string, trace: CacheTrace | undefined): Promise<FileEntry> {
    const hit = cache.get(file);
    noteCache('static', hit !== undefined, trace);
    if (hit) return Promise.resolve(hit);
    let pending = loading.get(file);
    if (!pending) {
      pending = confined(file)
        .then(loadEntry)
        .then(async (entry) => {
          // A sibling is a path of its own: a link there must not lead out of the build either.
          for (const coding of ['br', 'gzip'] as const) {
            const sibling = entry.siblings[coding];
            if (sibling && !(await underRoot(root, sibling))) delete entry.siblings[coding];
          }
          if (entry.body.length <= limits.maxFileBytes) cache.set(file, entry);
          // A file too large to keep is read per request: it is sent compressed only from the build's siblings.
          else entry.codings = entry.codings.filter((coding) => entry.siblings[coding]);
          return entry;
        })
        .finally(() => loading.delete(file));
      loading.set(file, pending);
    }
    return pending;
  }

  async function find(pathname: string): Promise<string | null> {
    const files = candidates(root, pathname);
    if (!files) return null;
    // A path cannot be both a file and a directory, so a cached candidate is the one stat would find.
    for (const file of files) if (cache.get(file)) return file;
    for (const file of files) if ((await stat(file).catch(() => null))?.isFile()) return file;
    return null;
  }

  /** The entry's bytes in `coding`; a coding made now is counted in the cache. */
  async function body(entry: FileEntry, coding: Coding | 'identity') {
    if (coding === 'identity') return { coding, bytes: entry.body };
    const fresh = !entry.encoded[coding];
    const bytes = await encodedBody(entry, coding);
    // Storing the entry again makes the cache count the new coding (and evict others if it must).
    if (fresh && cache.has(entry.file)) cache.set(entry.file, entry);
    return { coding, bytes };
  }

  async function serve(entry: FileEntry, request: StaticRequest): Promise<StaticReply> {
    const size = entry.body.length;
    const headers: Record<string, string> = {
      ...PAGE_HEADERS,
      'content-type': entry.type,
      'cache-control': entry.cacheControl,
      'last-modified': entry.lastModified,
      'accept-ranges': 'bytes',
    };
    if (entry.compressible) headers.vary = 'Accept-Encoding';
    if (crossOrigin(entry.file)) headers['access-control-allow-origin'] = '*';
    const identityTag = entryEtag(entry, 'identity');
    const wanted =
      request.header('range') !== undefined &&
      ifRangeAllows(request.header('if-range'), identityTag, entry.lastModified);
    const range = wanted ? parseRange(request.header('range'), size) : null;
    // Ranges count bytes of the file itself, so a range is always answered from the identity form.
    const coding = range ? 'identity' : chooseCoding(request.header('accept-encoding'), entry.codings);
    headers.etag = entryEtag(entry, coding);
    if (notModified(request, headers.etag, entry.lastModified)) return { status: 304, headers, body: '' };
    if (range === 'unsatisfiable')
      return pageText(416, `Plage d'octets hors du fichier (${size} octets).`, { 'content-range': `bytes */${size}` });
    if (range) {
      const part = entry.body.subarray(range.start, range.end + 1);
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${range.start}-${range.end}/${size}`,
          'content-length': String(part.length),
        },
        body: part,
      };
    }
    const chosen = await body(entry, coding);
    if (chosen.coding !== 'identity') headers['content-encoding'] = chosen.coding;
    headers['content-length'] = String(chosen.bytes.length);
    return { status: 200, headers, body: chosen.bytes };
  }

  async function notFound(request: StaticRequest): Promise<StaticReply> {
    const page = await entryFor(join(root, '404.html'), request.trace).catch(() => null);
    if (!page) return pageText(404, 'Page introuvable');
    const chosen = await body(page, chooseCoding(request.header('accept-encoding'), page.codings));
    const headers: Record<string, string> = {
      ...PAGE_HEADERS,
      'content-type': page.type,
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      'content-length': String(chosen.bytes.length),
    };
    if (chosen.coding !== 'identity') headers['content-encoding'] = chosen.coding;
    return { status: 404, headers, body: chosen.bytes };
  }

  const files = async (request: StaticRequest): Promise<StaticReply> => {
    const file = await find(request.pathname);
    const entry = file ? await entryFor(file, request.trace).catch(() => null) : null;
    return entry ? serve(entry, request) : notFound(request);
  };
  return Object.assign(files, { cacheStats: () => ({ entries: cache.size, bytes: cache.calculatedSize }) });
}

/** If-None-Match first; If-Modified-Since only without it (RFC 9110 §13.2.2). */
function notModified(request: StaticRequest, etag: string, lastModified: string): boolean {
  const match = request.header('if-none-match');
  if (match !== undefined) return ifNoneMatchMatches(match, etag);
  const since = Date.parse(request.header('if-modified-since') ?? '');
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}
