/**
 * Node-only: reads build artefacts from the output directory, refusing any path that leaves it, and checks each
 * one against the build's integrity manifest. A damaged artefact, or one the manifest lists that is missing, is an
 * error (the handler answers 503 with Retry-After), logged once per artefact: never a 200 with wrong data.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { STAMP_FILE } from './build-store.ts';
import { join, resolve, sep } from 'node:path';
import type { ReadArtefact } from '../../lib/api/artefacts.ts';
import { INTEGRITY_FILE, type IntegrityEntry } from '../../lib/integrity.ts';
import { openIntegrity, type IntegrityIndex } from './integrity-files.ts';
import { ARTEFACTS } from '../../lib/paths.ts';
import { SEARCH_PATHS } from '../../lib/search/index.ts';

/** Options of readDist. */
export interface ReadDistOptions {
  /** Where problems are reported, once per artefact (default console.error). */
  log?: (message: string) => void;
  /** Called for an artefact that is missing or differs from the manifest (not for one that cannot be read now). */
  onDamage?: (path: string, why: string) => void;
}

/** Why `bytes` is not the artefact the manifest's `expected` entry describes, or null when it is. */
export function mismatch(expected: IntegrityEntry, bytes: Buffer): string | null {
  if (bytes.length !== expected.bytes) return `${bytes.length} bytes, the build wrote ${expected.bytes} bytes`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sha256 === expected.sha256
    ? null
    : `sha256 ${sha256.slice(0, 12)}…, the build wrote ${expected.sha256.slice(0, 12)}…`;
}

/** The API's fixed artefacts: checked whole at start-up, and watched by /readyz. */
const FIXED_ARTEFACTS = [
  ...Object.values(ARTEFACTS),
  SEARCH_PATHS.manifest,
  SEARCH_PATHS.listing,
  SEARCH_PATHS.synonyms,
];

/**
 * What tells whether a loaded build is still the one on disk, without reading it: the inode, size and date of its
 * manifest, stamp and fixed artefacts. Any rewrite, removal or replacement of one of them changes it.
 */
export async function buildSnapshot(dir: string): Promise<Map<string, string>> {
  const paths = [INTEGRITY_FILE, STAMP_FILE, ...FIXED_ARTEFACTS];
  const stats = await Promise.all(paths.map((path) => stat(join(dir, path)).catch(() => null)));
  return new Map(
    paths.map((path, i) => [path, stats[i] ? `${stats[i].ino}:${stats[i].size}:${stats[i].mtimeMs}` : 'missing']),
  );
}

/** The first file whose snapshot differs, as a message for /readyz; null when none does. */
export function snapshotChange(dir: string, before: Map<string, string>, now: Map<string, string>): string | null {
  for (const [path, was] of before) {
    const is = now.get(path);
    if (is !== was)
      return `the build in ${dir} changed after it was loaded (${path} ${is === 'missing' ? 'is missing' : 'was rewritten'}); restart or rebuild`;
  }
  return null;
}

/**
 * Start-up check: the manifest exists, and the API's fixed artefacts (catalogue, OpenAPI, search manifest,
 * listing and synonyms) are present and intact. Records, term shards, document blocks and vocabulary files are checked when
 * read, so this stays fast at any corpus size.
 * Returns the build id; throws one Error listing every problem.
 */
export async function verifyDist(dir: string): Promise<string> {
  const root = resolve(dir);
  const manifest = await openIntegrity(root);
  const problems: string[] = [];
  for (const path of FIXED_ARTEFACTS) {
    const expected = await manifest.entry(path);
    if (!expected) {
      problems.push(`${path}: not in ${INTEGRITY_FILE}`);
      continue;
    }
    const bytes = await readFile(join(root, path)).catch((error: NodeJS.ErrnoException) => error.code ?? error.message);
    const wrong = typeof bytes === 'string' ? `cannot be read (${bytes})` : mismatch(expected, bytes);
    if (wrong) problems.push(`${path}: ${wrong}`);
  }
  if (problems.length > 0)
    throw new Error(
      `The build in ${root} is damaged; run npm run build:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  return manifest.buildId;
}

/**
 * A ReadArtefact over `dir`: null for a file the manifest does not list (the build did not make it: 404);
 * the text of a listed file that matches it; an error for anything else (503).
 */
export function readDist(dir: string, options: ReadDistOptions = {}): ReadArtefact {
  const root = resolve(dir);
  const log = options.log ?? ((message: string) => console.error(message));
  const logged = new Set<string>();
  let manifest: Promise<IntegrityIndex> | undefined;

  function fail(path: string, why: string, damaged = true): never {
    if (damaged) options.onDamage?.(path, why);
    // Once per artefact: a damaged file asked for a thousand times is one line in the log.
    if (!logged.has(path)) {
      logged.add(path);
      log(`[read-dist] ${join(root, path)}: ${why}; answering 503 until it is rebuilt`);
    }
    throw new Error(`${path}: ${why}`);
  }
  return async (path) => {
    const file = resolve(root, path);
    if (!file.startsWith(root + sep)) return null;
    manifest ??= openIntegrity(root);
    manifest.catch(() => (manifest = undefined));
    const index = await manifest.catch((error: Error) => fail(INTEGRITY_FILE, error.message));
    const expected = await index.entry(path).catch((error: Error) => fail(INTEGRITY_FILE, error.message));
    if (!expected) return null;
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const absent = code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
      fail(
        path,
        absent ? `listed in ${INTEGRITY_FILE} but missing` : `cannot be read (${code ?? (error as Error).message})`,
        absent,
      );
    }
    const wrong = mismatch(expected, bytes);
    if (wrong) fail(path, await superseded(root, index, wrong));
    return bytes.toString('utf8');
  };
}

/** Explains a mismatch: a newer build swapped in under the running server, or damage. */
async function superseded(root: string, known: IntegrityIndex, wrong: string): Promise<string> {
  const now = await openIntegrity(root).catch(() => null);
  return now && now.buildId !== known.buildId
    ? `changed: build ${now.buildId} replaced ${known.buildId} (the server must reload)`
    : `damaged: ${wrong}`;
}
