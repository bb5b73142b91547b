/**
 * The work folders of a build: Astro writes into a fresh work folder inside the project (its bundled code must resolve
 * node_modules), which build-site.ts renames into the build's own folder only once the build succeeded.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Where Astro builds: inside the project, so that the code it runs from outDir finds node_modules. */
export const WORK_ROOT = resolve(import.meta.dirname, '../../.cache/builds');

/** The folders of one build: where Astro writes, Astro's own cache folder for this run, and DIST_DIR. */
export interface BuildFolders {
  work: string;
  /** Astro's cacheDir for this run alone: it holds the data store of the records loaded, which two runs must not share. */
  cache: string;
  dist: string;
}

/** A temp folder's name carries the pid of the build that owns it, so a later build knows whether it is abandoned. */
function tempName(kind: 'work' | 'cache' | 'staging' | 'old', dist: string): string {
  return `.${basename(dist)}.${kind}-${process.pid}-${randomBytes(4).toString('hex')}`;
}
const TEMP = /^\.(.+)\.(work|cache|staging|old)-(\d+)-[0-9a-f]{8}$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temp folders left by killed builds of `dist` (in the work root and beside `dist`); returns their paths. */
export async function removeLeftovers(dist: string): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of [WORK_ROOT, dirname(dist)]) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const match = TEMP.exec(name);
      if (!match || match[1] !== basename(dist) || alive(Number(match[3]))) continue;
      await rm(join(folder, name), { recursive: true, force: true });
      removed.push(join(folder, name));
    }
  }
  return removed;
}

/** Creates a fresh work folder for a build of `dist` (DIST_DIR). */
export async function prepareFolders(dist: string): Promise<BuildFolders> {
  const final = resolve(dist);
  await mkdir(WORK_ROOT, { recursive: true });
  await mkdir(dirname(final), { recursive: true });
  return {
    work: join(WORK_ROOT, tempName('work', final)),
    cache: join(WORK_ROOT, tempName('cache', final)),
    dist: final,
  };
}

/** The folder of the build's hashed assets (scripts and styles whose names change with their content). */
export const ASSETS_DIR = '_astro';
/** In ASSETS_DIR, the names of the files a build carried over from the one before it (a dotfile: never served). */
export const CARRIED_LIST = '.carried';

/**
 * Copies into the new build's ASSETS_DIR the previous build's own assets that it lacks, and lists them in CARRIED_LIST
 * (before finishOutput, which lists them in the integrity manifest and compresses them like the others). A page of
 * the previous build, loaded just before the swap (or served from a server's memory until it notices the new build),
 * asks for its scripts and styles just after: they are still there. Only one build back: files the previous build
 * had itself carried are not carried again. Returns the names carried.
 */
export async function carryAssets(previous: string, next: string): Promise<string[]> {
  const from = join(previous, ASSETS_DIR);
  const to = join(next, ASSETS_DIR);
  const names = await readdir(from).catch(() => null);
  if (names === null) return [];
  const carriedBefore = new Set((await readFile(join(from, CARRIED_LIST), 'utf8').catch(() => '')).split('\n'));
  await mkdir(to, { recursive: true });
  const present = new Set(await readdir(to));
  const carried = names
    .filter(
      (name) => name !== CARRIED_LIST && !/\.(br|gz)$/.test(name) && !present.has(name) && !carriedBefore.has(name),
    )
    .sort();
  for (const name of carried) await copyFile(join(from, name), join(to, name));
  await writeFile(join(to, CARRIED_LIST), carried.join('\n'));
  return carried;
}
