/** One static file in memory: its bytes, validators, and each content coding, made at most once. */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';
import { MIN_COMPRESS_BYTES, type Coding } from '../../../lib/http/content-coding.ts';
import { sha256Hex, strongEtag } from '../../../lib/http/etag.ts';

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
  '.csv': 'text/csv; charset=utf-8',
  '.jsonld': 'application/ld+json; charset=utf-8',
  '.gz': 'application/gzip', // a download (downloads/*.jsonl.gz); siblings are never requested by name
  '': 'application/json; charset=utf-8', // the only extensionless files are per-record JSON
};
/** Files whose name, not extension, says their type: the Atom feed is XML of its own media type (RFC 4287). */
const TYPES_BY_NAME: Record<string, string> = { 'atom.xml': 'application/atom+xml; charset=utf-8' };
/** Types worth compressing: text of any kind (images here are already compressed). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|ld\+json|xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecode = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/** A file ready to serve. */
export interface FileEntry {
  /** Resolved absolute path: the cache key. */
  file: string;
  type: string;
  cacheControl: string;
  /** True when the type compresses (responses then carry Vary: Accept-Encoding). */
  compressible: boolean;
  /** Codings this entry can send besides identity: none under MIN_COMPRESS_BYTES. */
  codings: Coding[];
  body: Buffer;
  /** Hex SHA-256 of the identity body. */
  hash: string;
  lastModified: string;
  /** Compressed forms made so far (from a `.br`/`.gz` sibling written by the build, or by node:zlib once). */
  encoded: Partial<Record<Coding, Buffer>>;
  /** Siblings the build wrote, read on first use. */
  siblings: Partial<Record<Coding, string>>;
  /** Codings being made now: concurrent first requests share one compression. */
  making: Partial<Record<Coding, Promise<Buffer>>>;
}

/** ETag of one coding of the entry. */
export const entryEtag = (entry: FileEntry, coding: Coding | 'identity') => strongEtag(entry.hash, coding);

/** Bytes an entry holds in memory besides its key: bodies, compressed forms, and about 300 for its strings. */
export function entryBytes(entry: FileEntry): number {
  return entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 300;
}

/** Reads `file` (a regular file, already resolved under the root) into an entry. */
export async function loadEntry(file: string): Promise<FileEntry> {
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  const type = TYPES_BY_NAME[basename(file)] ?? TYPES[extname(file)] ?? 'application/octet-stream';
  const compressible = COMPRESSIBLE.test(type);
  const codings: Coding[] = compressible && body.length >= MIN_COMPRESS_BYTES ? ['br', 'gzip'] : [];
  const siblings: Partial<Record<Coding, string>> = {};
  for (const [coding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (codings.length && (await stat(file + suffix).catch(() => null))?.isFile()) siblings[coding] = file + suffix;
  }
  return {
    file,
    type,
    cacheControl: file.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    compressible,
    codings,
    body,
    hash: await sha256Hex(body),
    lastModified: info.mtime.toUTCString(),
    encoded: {},
    siblings,
    making: {},
  };
}

/**
 * The entry's body in `coding`, made once: the build's sibling when there is one, else node:zlib.
 * Quality is highest for small files and lower past 128 KiB, so a first request never waits seconds.
 */
export async function encodedBody(entry: FileEntry, coding: Coding): Promise<Buffer> {
  const done = entry.encoded[coding];
  if (done) return done;
  entry.making[coding] ??= encode(entry, coding).finally(() => delete entry.making[coding]);
  return entry.making[coding];
}

async function encode(entry: FileEntry, coding: Coding): Promise<Buffer> {
  const sibling = entry.siblings[coding];
  const small = entry.body.length <= 128 * 1024;
  const made =
    (sibling && (await checkedSibling(entry, coding, sibling))) ||
    (coding === 'br'
      ? await brotli(entry.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: small ? 11 : 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        })
      : await gzipAsync(entry.body, { level: small ? 9 : 6 }));
  entry.encoded[coding] = made;
  return made;
}

/**
 * The build's sibling when it decodes to exactly the file's bytes, else null (logged): the manifest lists no
 * siblings, so a damaged or stale `.br` or `.gz` is caught by decoding it once, the file itself being the reference.
 */
async function checkedSibling(entry: FileEntry, coding: Coding, sibling: string): Promise<Buffer | null> {
  const bytes = await readFile(sibling);
  const decoded = await (coding === 'br' ? brotliDecode(bytes) : gunzipAsync(bytes)).catch(() => null);
  if (decoded?.equals(entry.body)) return bytes;
  delete entry.siblings[coding];
  console.error(
    `[static] ${sibling} does not decode to ${basename(entry.file)} (damaged or stale); compressing the file here instead until the next build`,
  );
  return null;
}
