/** Post-build steps over the output folder: precompressed .br/.gz siblings and the integrity manifest. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { writeIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import type { IntegrityEntry } from '../../src/lib/integrity.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing; extensionless files under api/v1/facts/ are record JSON and count too. */
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.jsonld',
  '.xml',
  '.txt',
  '.csv',
  '.svg',
  '.webmanifest',
]);
/** Smaller files gain nothing from compression (a header and a round trip cost more). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/**
 * Brotli quality of the precompressed siblings. Quality 11 costs about 30 ms a file: 11 s at 408 records, but
 * 18 of the 28 minutes of a 50,000-record build (measured, issue 11). So past BULK_FILES compressible files, pages
 * and record JSON (the bulk, each read one at a time) get quality 5, about 9 % larger and 60 times faster, while
 * what a first visit downloads (search/ files, _astro/ code and styles) keeps quality 11 at every size.
 */
export const PRECOMPRESS_QUALITY = { first: constants.BROTLI_MAX_QUALITY, bulk: 5, bulkFiles: 5_000 } as const;

/** The brotli quality of `path` in a build of `compressible` compressible files. */
export function brotliQuality(path: string, compressible: number): number {
  if (compressible <= PRECOMPRESS_QUALITY.bulkFiles) return PRECOMPRESS_QUALITY.first;
  return path.startsWith('search/') || path.startsWith('_astro/')
    ? PRECOMPRESS_QUALITY.first
    : PRECOMPRESS_QUALITY.bulk;
}

/** Files compressed or hashed at once: zlib runs in libuv's thread pool (4 threads), so more only queues. */
const PARALLEL = 8;

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** True for a file the server or a host would send compressed. */
export function isCompressible(path: string): boolean {
  const ext = extname(path);
  return COMPRESSIBLE.has(ext) || (ext === '' && path.startsWith('api/v1/facts/'));
}

/** True for files the manifest leaves out: dotfiles (build metadata) and the compressed siblings. */
function unlisted(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.')) || path.endsWith('.br') || path.endsWith('.gz');
}

/** Runs `work` over `items`, at most PARALLEL at a time. */
async function eachBounded<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/**
 * Writes `<file>.br` (brotli, quality from brotliQuality) and `<file>.gz` (gzip -9) beside every compressible file of
 * at least PRECOMPRESS_MIN_BYTES, and the integrity manifest of every file. Returns the build id and the entries.
 */
export async function finishOutput(dir: string): Promise<{ buildId: string; files: Record<string, IntegrityEntry> }> {
  const paths = (await listFiles(dir)).filter((path) => !unlisted(path));
  const files: Record<string, IntegrityEntry> = {};
  const compressible = paths.filter(isCompressible).length;
  await eachBounded(paths, async (path) => {
    const full = join(dir, path);
    const body = await readFile(full);
    files[path] = { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
    if (body.length < PRECOMPRESS_MIN_BYTES || !isCompressible(path)) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path, compressible),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
  });
  return { buildId: await writeIntegrity(dir, files), files };
}
