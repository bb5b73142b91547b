/** The folder an import writes to: which file holds which id, atomic writes, and removal of records gone from the source. */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseRecordFile } from '../../src/lib/records/parse-record-file.ts';

/** Temporary files of an interrupted import: `.<name>.md.<pid>.tmp`, removed by the next one. */
const TEMP = /^\..+\.md\.\d+\.tmp$/;

/** The record files already in the folder: id → path relative to it, and each file's text. */
export interface FolderIndex {
  byId: Map<string, string>;
  text: Map<string, string>;
  /** Names in use (relative paths), so that new files never take one. */
  names: Set<string>;
  warnings: string[];
}

/** Reads `dir` (created when missing); removes temporary files an interrupted import left behind. */
export async function indexFolder(dir: string): Promise<FolderIndex> {
  await mkdir(dir, { recursive: true });
  const index: FolderIndex = { byId: new Map(), text: new Map(), names: new Set(), warnings: [] };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (TEMP.test(entry.name)) {
      await rm(join(dir, path), { force: true });
      continue;
    }
    index.names.add(path);
    if (!path.endsWith('.md')) continue;
    const text = await readFile(join(dir, path), 'utf8');
    const parsed = parseRecordFile(path, text);
    const id = parsed.ok ? (parsed.value.frontmatter as { id?: unknown } | null)?.id : undefined;
    if (typeof id !== 'string') {
      index.warnings.push(`${join(dir, path)}: not a readable record file; left as it is`);
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
