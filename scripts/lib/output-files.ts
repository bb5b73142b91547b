/** Post-build steps over the output folder: precompressed .br/.gz siblings and the integrity manifest. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { INTEGRITY_FILE, type IntegrityManifest } from '../../src/lib/integrity.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing; extensionless files under api/v1/facts/ are record JSON and count too. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
/** Smaller files gain nothing from compression (a header and a round trip cost more). */
export const PRECOMPRESS_MIN_BYTES = 1024;
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
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of at least
 * PRECOMPRESS_MIN_BYTES, and the integrity manifest of every other file. Returns the manifest.
 */
export async function finishOutput(dir: string): Promise<IntegrityManifest> {
  const paths = (await listFiles(dir)).filter((path) => !unlisted(path));
  const files: IntegrityManifest['files'] = {};
  await eachBounded(paths, async (path) => {
    const full = join(dir, path);
    const body = await readFile(full);
    files[path] = { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
    if (body.length < PRECOMPRESS_MIN_BYTES || !isCompressible(path)) return;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
  });
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
  // The id depends on the content only: two builds of the same inputs get the same id.
  const buildId = createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 20);
  const manifest = { buildId, files: sorted };
  await writeFile(join(dir, INTEGRITY_FILE), JSON.stringify(manifest));
  return manifest;
}
