/** Node-only: reads every record file under a directory and builds the corpus. */
import type { Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Fact } from '../schema/fact.ts';
import { buildCorpus } from './build-corpus.ts';
import { decodeRecordFile } from './file-limits.ts';
import { RecordError } from './friendly-errors.ts';
import { declaredId, parseRecordFile, type RawRecordFile } from './parse-record-file.ts';

/**
 * What a file read to, by path, with the size, times and inode it had: `npm run dev` re-reads only the files that
 * changed. The inode and ctime catch a new file renamed over the old one (sed -i, editors' safe writes) even when its
 * size and mtime happen to be the same.
 */
export type ReadCache = Map<string, { stamp: string; result: ReturnType<typeof parseRecordFile> }>;

/** What a ReadCache entry was read at: inode, size and times (a rename over the file changes the inode and ctime). */
export function fileStamp(info: Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}

/** A record file's path as problems name it: relative to the working directory when inside it, else absolute. */
export function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') ? inside : path;
}

/** Options of readRecords. */
export interface ReadRecordsOptions {
  /**
   * `npm run dev` only: a file gone by the time it is read or reported (sed -i's temp file renamed over a record, an
   * editor's backup deleted) is no longer in the folder, so it is neither a record nor a problem.
   */
  skipVanished?: boolean;
}

/** True for a file inside `dir` whose name, or one of whose folders' names, starts with a dot (editors' and OS files). */
export function isDotPath(dir: string, path: string): boolean {
  return relative(dir, path)
    .split(sep)
    .some((part) => part.startsWith('.'));
}

/**
 * Reads `dir` recursively: every `.md` file is a record; files and folders whose name starts with a dot are not records
 * and are skipped (as git and Astro's glob loader do: vim's `.x.md.swp`, emacs's `.#x.md`, `.DS_Store`, `.gitkeep`);
 * any other file, a symbolic link too, is reported rather than silently skipped. Paths in messages are relative to the working directory when
 * inside it. With `cache`, a file whose inode, size and times are unchanged is not read or parsed again.
 */
export async function readRecords(
  dir: string,
  siteUrl: string,
  cache?: ReadCache,
  options: ReadRecordsOptions = {},
): Promise<Fact[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new RecordError([`${dir}: cannot read the records directory (${error.code ?? error.message})`]);
  });
  const problems: string[] = [];
  const files: RawRecordFile[] = [];
  // Ids of files whose YAML cannot be read: links to them are not unknown ids.
  const unreadable: string[] = [];
  const visible = entries.filter((e) => !isDotPath(dir, join(e.parentPath, e.name)));
  const paths = visible
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  // A link or a device is neither read nor skipped in silence: the build reads regular files only.
  const special = visible
    .filter((e) => !e.isFile() && !e.isDirectory())
    .map(
      (e) =>
        `${displayPath(join(e.parentPath, e.name))}: (file): ${e.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; records must be regular files: put the file itself here`,
    );
  const vanished = (error: NodeJS.ErrnoException): null => {
    if (options.skipVanished === true && error.code === 'ENOENT') return null;
    throw error;
  };
  // Files that are not records: reported after every record is read, unless gone by then (skipVanished).
  const others: { path: string; name: string }[] = [];
  // A bounded number of files open at once: a 50,000-record corpus must not exhaust file descriptors.
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const name = displayPath(path);
      if (!path.endsWith('.md')) {
        others.push({ path, name });
        continue;
      }
      const info = await stat(path).catch(vanished);
      if (!info) continue;
      const stamp = fileStamp(info);
      const known = cache?.get(path);
      let parsed = known?.stamp === stamp ? known.result : undefined;
      if (!parsed) {
        const bytes = await readFile(path).catch(vanished);
        if (!bytes) continue;
        const decoded = decodeRecordFile(name, bytes);
        // Bytes that are not a record still declare their id: ids are ASCII, so Latin-1 reads them from any bytes.
        const id = decoded.ok ? undefined : declaredId(Buffer.from(bytes).toString('latin1'));
        parsed = decoded.ok
          ? parseRecordFile(name, decoded.text)
          : { ok: false, problems: [decoded.problem], ...(id ? { id } : {}) };
        cache?.set(path, { stamp, result: parsed });
      }
      if (parsed.ok) files.push({ ...parsed.value, mtimeMs: info.mtimeMs });
      else {
        problems.push(...parsed.problems);
        if ('id' in parsed && parsed.id) unreadable.push(parsed.id);
      }
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  for (const { path, name } of others) {
    const present =
      !options.skipVanished ||
      (await stat(path).then(
        () => true,
        (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
      ));
    if (present) problems.push(`${name}: (file): not a .md record file; remove it or rename it`);
  }
  problems.push(...special);
  if (cache) {
    const present = new Set(paths);
    for (const path of cache.keys()) if (!present.has(path)) cache.delete(path);
  }
  files.sort((a, b) => (a.file < b.file ? -1 : 1));
  // Problems found while reading come first, in file order; then the corpus's own, in file order too.
  return buildCorpus(files, siteUrl, problems.sort(byFileAndLine), unreadable);
}

/** Orders problem lines (`file:line: …` or `file: …`) by file, then by line as a number (2 before 12), file-wide first. */
export function byFileAndLine(a: string, b: string): number {
  const [fileA, lineA] = fileAndLine(a);
  const [fileB, lineB] = fileAndLine(b);
  return fileA < fileB ? -1 : fileA > fileB ? 1 : lineA - lineB || (a < b ? -1 : a > b ? 1 : 0);
}

/** The file and line (0 when none) a problem line starts with. */
function fileAndLine(problem: string): [string, number] {
  const match = /^(.*?)(?::(\d+))?: /.exec(problem);
  return match ? [match[1]!, Number(match[2] ?? 0)] : [problem, 0];
}
