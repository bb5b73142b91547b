/** Node-only: reads every record file under a directory and builds the corpus. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Fact } from '../schema/fact.ts';
import { buildCorpus } from './build-corpus.ts';
import { decodeRecordFile } from './file-limits.ts';
import { RecordError } from './friendly-errors.ts';
import { parseRecordFile, type RawRecordFile } from './parse-record-file.ts';

/**
 * What a file read to, by path, with the size, times and inode it had: `npm run dev` re-reads only the files that
 * changed. The inode and ctime catch a new file renamed over the old one (sed -i, editors' safe writes) even when its
 * size and mtime happen to be the same.
 */
export type ReadCache = Map<string, { stamp: string; result: ReturnType<typeof parseRecordFile> }>;

/**
 * Reads `dir` recursively: every `.md` file is a record; any other file is reported rather
 * than silently skipped. Paths in messages are relative to the working directory when inside it.
 * With `cache`, a file whose inode, size and times are unchanged is not read or parsed again.
 */
export async function readRecords(dir: string, siteUrl: string, cache?: ReadCache): Promise<Fact[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new RecordError([`${dir}: cannot read the records directory (${error.code ?? error.message})`]);
  });
  const problems: string[] = [];
  const files: RawRecordFile[] = [];
  // Ids of files whose YAML cannot be read: links to them are not unknown ids.
  const unreadable: string[] = [];
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  // A bounded number of files open at once: a 50,000-record corpus must not exhaust file descriptors.
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const inside = relative(process.cwd(), path);
      const name = inside && !inside.startsWith('..') ? inside : path;
      if (!path.endsWith('.md')) {
        if (!path.endsWith('.gitkeep')) problems.push(`${name}: (file): not a .md record file; remove it or rename it`);
        continue;
      }
      const info = await stat(path);
      const stamp = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
      const known = cache?.get(path);
      let parsed = known?.stamp === stamp ? known.result : undefined;
      if (!parsed) {
        const decoded = decodeRecordFile(name, await readFile(path));
        parsed = decoded.ok ? parseRecordFile(name, decoded.text) : { ok: false, problems: [decoded.problem] };
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
  if (cache) {
    const present = new Set(paths);
    for (const path of cache.keys()) if (!present.has(path)) cache.delete(path);
  }
  files.sort((a, b) => (a.file < b.file ? -1 : 1));
  // Problems found while reading come first, in file order; then the corpus's own, in file order too.
  return buildCorpus(files, siteUrl, problems.sort(), unreadable);
}
