/** Node-only: writing the build's integrity manifest (head and buckets) and reading it back lazily. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  INTEGRITY_BUCKET_ENTRIES,
  INTEGRITY_DIR,
  INTEGRITY_FILE,
  integrityBucket,
  integrityBucketPath,
  parseIntegrityHead,
  type IntegrityEntry,
  type IntegrityHead,
} from '../../lib/integrity.ts';

/** A build's manifest, opened: its head, and each file's entry, its bucket read on first need. */
export interface IntegrityIndex extends IntegrityHead {
  /** The expected content of `path`, or undefined when the build did not make it. Rejects when its bucket is unreadable. */
  entry(path: string): Promise<IntegrityEntry | undefined>;
  /** Every entry, sorted by path (reads every bucket). */
  all(): Promise<Record<string, IntegrityEntry>>;
}

/** Writes the manifest of `files` (paths relative to `dir`) into `dir`; returns the build id, made from the content only. */
export async function writeIntegrity(dir: string, files: Record<string, IntegrityEntry>): Promise<string> {
  const sorted = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1));
  // The id depends on the content only: two builds of the same inputs get the same id.
  const buildId = createHash('sha256')
    .update(JSON.stringify(Object.fromEntries(sorted)))
    .digest('hex')
    .slice(0, 20);
  const buckets = Math.max(1, Math.ceil(sorted.length / INTEGRITY_BUCKET_ENTRIES));
  const parts = Array.from({ length: buckets }, () => ({}) as Record<string, IntegrityEntry>);
  for (const [path, entry] of sorted) parts[integrityBucket(path, buckets)]![path] = entry;
  await mkdir(join(dir, INTEGRITY_DIR), { recursive: true });
  await Promise.all(parts.map((part, n) => writeFile(join(dir, integrityBucketPath(n)), JSON.stringify(part))));
  // The head last: a build written in place is complete once its head is.
  await writeFile(join(dir, INTEGRITY_FILE), JSON.stringify({ buildId, buckets }));
  return buildId;
}

/** The error for a manifest file (head or bucket) that cannot be read. */
function missing(path: string, error: NodeJS.ErrnoException): Error {
  return new Error(
    `${path} is missing (${error.code ?? error.message}): this is not a complete build of this version; run npm run build`,
  );
}

/** Opens `dir`'s manifest (reads its head only); throws an Error an operator can act on when it is missing or unreadable. */
export async function openIntegrity(dir: string): Promise<IntegrityIndex> {
  const root = resolve(dir);
  const file = join(root, INTEGRITY_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw missing(file, error);
  });
  let head: IntegrityHead;
  try {
    head = parseIntegrityHead(text);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}; run npm run build`);
  }
  const loaded = new Map<number, Promise<Record<string, IntegrityEntry>>>();
  const bucket = (n: number) => {
    let pending = loaded.get(n);
    if (!pending) {
      const path = join(root, integrityBucketPath(n));
      pending = readFile(path, 'utf8').then(
        (json) => JSON.parse(json) as Record<string, IntegrityEntry>,
        (error: NodeJS.ErrnoException) => {
          throw missing(path, error);
        },
      );
      // A failed read is tried again on the next request.
      pending.catch(() => loaded.delete(n));
      loaded.set(n, pending);
    }
    return pending;
  };
  return {
    ...head,
    async entry(path) {
      const part = await bucket(integrityBucket(path, head.buckets));
      return Object.hasOwn(part, path) ? part[path] : undefined;
    },
    async all() {
      const parts = await Promise.all(Array.from({ length: head.buckets }, (_, n) => bucket(n)));
      return Object.fromEntries(parts.flatMap((part) => Object.entries(part)).sort(([a], [b]) => (a < b ? -1 : 1)));
    },
  };
}
