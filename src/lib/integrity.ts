/**
 * The integrity manifest the build writes beside its output, read by the Node server to refuse damaged artefacts.
 * It is split in two so that the server's start does not grow with the corpus: a small head (`.integrity.json`:
 * build id and bucket count) and the file entries in buckets (`.integrity/<n>.json`), each read on first need.
 * Why: as one file it was 15.5 MB at 50,000 records, and parsing it took 170–200 ms of a 200 ms start budget.
 */

/** File name of the manifest's head, at the root of DIST_DIR (a dotfile: never served). */
export const INTEGRITY_FILE = '.integrity.json';
/** Folder of the manifest's buckets, at the root of DIST_DIR (a dot folder: never served). */
export const INTEGRITY_DIR = '.integrity';
/** Entries per bucket the build aims at (about 130 KB of JSON, well under a millisecond to parse). */
export const INTEGRITY_BUCKET_ENTRIES = 1_000;

/** One file's expected content. */
export interface IntegrityEntry {
  sha256: string;
  bytes: number;
}

/** The head: the build's id (from its content only) and how many buckets hold the entries. */
export interface IntegrityHead {
  buildId: string;
  buckets: number;
}

/** The bucket of a path: FNV-1a of its UTF-16 code units, modulo the bucket count. */
export function integrityBucket(path: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash % buckets;
}

/** Path of bucket `n`, relative to DIST_DIR. */
export const integrityBucketPath = (n: number) => `${INTEGRITY_DIR}/${n}.json`;

/** Parses the head's text; throws an Error saying what is wrong with it. */
export function parseIntegrityHead(text: string): IntegrityHead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${INTEGRITY_FILE} is not valid JSON (${(error as Error).message})`);
  }
  const head = value as Partial<IntegrityHead> | null;
  if (!head || typeof head.buildId !== 'string' || !Number.isInteger(head.buckets) || head.buckets! < 1) {
    throw new Error(`${INTEGRITY_FILE} must be {"buildId": string, "buckets": a positive integer}`);
  }
  return { buildId: head.buildId, buckets: head.buckets! };
}
