/** The folder an import writes to: which file holds which id, atomic writes, and removal of records gone from the source. */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { declaredId, parseRecordFile } from '../../src/lib/records/parse-record-file.ts';
import { isDotPath } from '../../src/lib/records/read-records.ts';

/** Temporary files of an interrupted import: `.<name>.md.<pid>.tmp` (and the state file's), removed by the next one. */
const TEMP = /^\..+\.(?:md|json)\.\d+\.tmp$/;

/** A record file that cannot be read as a record: where it is, the id its `id:` line declares, and why. */
export interface UnreadableFile {
  path: string;
  /** The first line of its first problem: `file:line: field: message`. */
  problem: string;
}

/** The record files already in the folder: id → path relative to it, and each file's text. */
export interface FolderIndex {
  byId: Map<string, string>;
  text: Map<string, string>;
  /** Names in use (relative paths), so that new files never take one. */
  names: Set<string>;
  /**
   * Files that cannot be read as records but declare an id on their `id:` line: id → the file. The import never
   * touches them, and never writes a second file for their id.
   */
  unreadable: Map<string, UnreadableFile>;
  warnings: string[];
}

/** Reads `dir` (created when missing); removes temporary files an interrupted import left behind. */
export async function indexFolder(dir: string): Promise<FolderIndex> {
  await mkdir(dir, { recursive: true });
  const index: FolderIndex = {
    byId: new Map(),
    text: new Map(),
    names: new Set(),
    unreadable: new Map(),
    warnings: [],
  };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (TEMP.test(entry.name)) {
      await rm(join(dir, path), { force: true });
      continue;
    }
    index.names.add(path);
    // The build skips dotfiles (`.import-state.json`, editors' backups): they hold no record to update.
    if (!path.endsWith('.md') || isDotPath(dir, join(dir, path))) continue;
    const text = await readFile(join(dir, path), 'utf8');
    const parsed = parseRecordFile(join(dir, path), text);
    const id = parsed.ok ? (parsed.value.frontmatter as { id?: unknown } | null)?.id : undefined;
    if (typeof id !== 'string') {
      // Matched by the id it declares, so that the import neither writes a duplicate nor overwrites the publisher's
      // half-edited file; one without an id line is the check's to report (run-import.ts).
      const declared = declaredId(text);
      const problem = parsed.ok ? `${join(dir, path)}: id: missing or not a string` : parsed.problems[0]!;
      if (declared && !index.unreadable.has(declared))
        index.unreadable.set(declared, { path, problem: problem.split('\n')[0]! });
      continue;
    }
    if (index.byId.has(id))
      index.warnings.push(
        `${join(dir, path)}: id "${id}" is also in ${join(dir, index.byId.get(id)!)}; the import updates the latter`,
      );
    else {
      index.byId.set(id, path);
      index.text.set(path, text);
    }
  }
  return index;
}

/** A file name under `dir` for `slug`, unused so far (slug, slug-2, slug-3...); reserves it. */
export function newName(index: FolderIndex, slug: string): string {
  for (let n = 1; ; n++) {
    const name = `${slug}${n === 1 ? '' : `-${n}`}.md`;
    if (!index.names.has(name)) {
      index.names.add(name);
      return name;
    }
  }
}

/** Resolves `name` inside `dir`, refusing anything that would leave it (defence in depth: names are slugs already). */
export function inside(dir: string, name: string): string {
  const root = resolve(dir);
  const path = resolve(root, name);
  if (!path.startsWith(root + sep)) throw new Error(`refusing to write ${JSON.stringify(name)} outside ${root}`);
  return path;
}

/** Writes a file atomically: a temporary file beside it, then a rename, so a killed import leaves no half-written file. */
export async function writeAtomically(dir: string, name: string, text: string): Promise<void> {
  const path = inside(dir, name);
  const temp = join(resolve(path, '..'), `.${basename(path)}.${process.pid}.tmp`);
  await writeFile(temp, text);
  await rename(temp, path);
}
