/**
 * Cheap copies of a build for tests that damage or swap one: every file hard-linked rather than copied (a build is
 * thousands of files; copying one per test cost seconds of system time each). A link shares its bytes with the
 * original, so a test that changes a file in place (truncate, writeFile) first gives it bytes of its own (ownFile);
 * unlinking, removing or renaming a linked file leaves the original alone.
 */
import { copyFile, link, mkdir, readdir, realpath, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** Makes `to` a tree of hard links to the files of `from` (its real path, when `from` is a link to a build). */
export async function linkCopy(from: string, to: string): Promise<void> {
  const source = await realpath(from);
  const entries = await readdir(source, { withFileTypes: true, recursive: true });
  const relative = (entry: (typeof entries)[number]) => join(entry.parentPath.slice(source.length), entry.name);
  await mkdir(to, { recursive: true });
  // Folders first, shallow before deep: a file's folder exists before its link is made.
  const folders = entries.filter((e) => e.isDirectory()).map(relative);
  for (const folder of folders.sort((a, b) => a.length - b.length)) await mkdir(join(to, folder), { recursive: true });
  await Promise.all(
    entries.filter((e) => !e.isDirectory()).map((e) => link(join(source, relative(e)), join(to, relative(e)))),
  );
}

/** Gives `file` (a hard link from linkCopy) bytes of its own, so that changing it in place leaves the original intact. */
export async function ownFile(file: string): Promise<void> {
  await copyFile(file, `${file}.own`);
  await rename(`${file}.own`, file);
}
