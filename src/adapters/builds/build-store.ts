/**
 * Node-only: the immutable builds of one DIST_DIR. Each build lives in its own folder, `.builds/<digest>/` beside
 * DIST_DIR, named by what it was made from; DIST_DIR is a symbolic link to the latest build made, switched by one
 * rename. A process that serves a build registers its pid against it, and old builds are removed only when no live
 * process of this checkout uses them.
 */
import {
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** Name of the folder, beside DIST_DIR, that holds the builds. */
export const BUILDS_FOLDER = '.builds';
/** In the builds folder: one empty file per (build, process) in use, named `<build>.<pid>`. */
const USERS_FOLDER = '.users';
/** Stamp every build writes last: the settings and inputs it was made from. */
export const STAMP_FILE = '.build-stamp.json';
/**
 * How many builds are kept besides those in use: the latest ones by the time they were made or last chosen. With the
 * bundled corpus a build is about 60 MB (see docs/operating.md#builds), so about 180 MB at most when none is in use.
 */
export const KEPT_BUILDS = 3;
/** A build folder's name: the first 16 hex digits of the digest of its inputs. */
const BUILD_NAME = /^[0-9a-f]{16}$/;

/** The folder that holds the builds of `distDir`. */
export function buildsRoot(distDir: string): string {
  return join(dirname(resolve(distDir)), BUILDS_FOLDER);
}

/** The real folder of the build DIST_DIR shows now (DIST_DIR itself when it is a plain folder), or null when there is none. */
export async function currentBuild(distDir: string): Promise<string | null> {
  return realpath(distDir).catch(() => null);
}

/** Whether process `pid` runs (EPERM: it runs as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stamp of the build in `dir`, or null when it has none (an unfinished or foreign folder). */
export async function readStamp(dir: string): Promise<{ SITE_URL?: string; digest?: string } | null> {
  try {
    return JSON.parse(await readFile(join(dir, STAMP_FILE), 'utf8')) as { SITE_URL?: string; digest?: string };
  } catch {
    return null;
  }
}

/**
 * Records that this process uses the build in `dir` (a file named by the build and the pid), and marks the build as
 * recently chosen; returns a function that ends the use. A folder outside a builds folder (a plain DIST_DIR) has no record.
 */
export async function useBuild(dir: string, pid = process.pid): Promise<() => Promise<void>> {
  const root = dirname(dir);
  if (basename(root) !== BUILDS_FOLDER) return async () => {};
  const file = join(root, USERS_FOLDER, `${basename(dir)}.${pid}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, '');
  const now = new Date();
  // The folder's date, not a file's: nothing inside a build changes once it is made.
  await utimes(dir, now, now).catch(() => undefined);
  return () => unlink(file).catch(() => undefined);
}

/** The builds of `root` some live process uses; records of processes that ended are removed on the way. */
export async function buildsInUse(root: string): Promise<Set<string>> {
  const used = new Set<string>();
  const folder = join(root, USERS_FOLDER);
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const match = /^([0-9a-f]{16})\.(\d+)$/.exec(name);
    if (!match) continue;
    if (alive(Number(match[2]))) used.add(match[1]!);
    else await unlink(join(folder, name)).catch(() => undefined);
  }
  for (const name of await readdir(root).catch(() => [] as string[])) {
    // A build being made for this name: its lock holds the builder's pid.
    const lock = /^([0-9a-f]{16})\.lock$/.exec(name);
    if (lock && alive(Number(await readFile(join(root, name), 'utf8').catch(() => '')))) used.add(lock[1]!);
  }
  return used;
}

/**
 * Points DIST_DIR at `build` in one step: a new link is made beside it and renamed over it, so a reader of DIST_DIR
 * sees the old build or the new one, never neither. A plain folder left in DIST_DIR's place is moved away first.
 */
export async function pointDistAt(distDir: string, build: string): Promise<void> {
  const dist = resolve(distDir);
  const link = join(dirname(dist), `.${basename(dist)}.link-${process.pid}-${randomBytes(4).toString('hex')}`);
  await symlink(relative(dirname(dist), build), link, 'dir');
  try {
    const info = await stat(dist).catch(() => null);
    const isLink = await readlink(dist).then(
      () => true,
      () => false,
    );
    if (info && !isLink) {
      // A plain folder (a build made before builds had their own folders): moved away, then removed.
      const old = join(buildsRoot(dist), `.replaced-${process.pid}-${randomBytes(4).toString('hex')}`);
      await mkdir(dirname(old), { recursive: true });
      await rename(dist, old);
      await rename(link, dist);
      await rm(old, { recursive: true, force: true });
      return;
    }
    await rename(link, dist);
  } catch (error) {
    await unlink(link).catch(() => undefined);
    throw error;
  }
}

/** One build kept or removed by removeOldBuilds. */
export interface StoredBuild {
  name: string;
  bytes: number;
}

/** Total size of the files under `dir`. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Removes the builds of DIST_DIR's builds folder beyond the `keep` most recently made or chosen, sparing the one
 * DIST_DIR shows, those a live process uses or is making, and `spare`. Returns what is left (with sizes when `measure`) and what was removed.
 */
export async function removeOldBuilds(
  distDir: string,
  options: { keep?: number; spare?: string[]; measure?: boolean } = {},
): Promise<{ kept: StoredBuild[]; removed: string[] }> {
  const keep = options.keep ?? KEPT_BUILDS;
  const root = buildsRoot(distDir);
  const inUse = await buildsInUse(root);
  const current = await currentBuild(distDir);
  const spared = new Set([
    ...inUse,
    ...(options.spare ?? []).map((dir) => basename(dir)),
    ...(current ? [basename(current)] : []),
  ]);
  const builds: { name: string; time: number }[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    // Left by a killed process: a half-installed, damaged or half-removed build, or a replaced plain DIST_DIR.
    const left = /^(?:[0-9a-f]{16}\.(?:staging|damaged)|\.removing-[0-9a-f]{16}|\.replaced)-(\d+)/.exec(name);
    if (left && !alive(Number(left[1]))) await rm(join(root, name), { recursive: true, force: true });
    if (!BUILD_NAME.test(name)) continue;
    const time = (await stat(join(root, name)).catch(() => null))?.mtimeMs;
    builds.push({ name, time: time ?? 0 });
  }
  builds.sort((a, b) => b.time - a.time);
  const kept: StoredBuild[] = [];
  const removed: string[] = [];
  for (const build of builds) {
    if (spared.has(build.name) || kept.length < keep) kept.push({ name: build.name, bytes: 0 });
    else {
      // Renamed away first, so that no reader finds a half-removed build under its name.
      const trash = join(root, `.removing-${build.name}-${process.pid}`);
      if (
        await rename(join(root, build.name), trash).then(
          () => true,
          () => false,
        )
      ) {
        await rm(trash, { recursive: true, force: true });
        removed.push(build.name);
      }
    }
  }
  if (options.measure) for (const build of kept) build.bytes = await folderBytes(join(root, build.name));
  return { kept, removed };
}
