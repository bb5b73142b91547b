/**
 * Atomic output: Astro writes into a fresh work folder inside the project (its bundled code must resolve
 * node_modules), which is moved beside DIST_DIR and renamed into its place only once the build succeeded.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Where Astro builds: inside the project, so that the code it runs from outDir finds node_modules. */
export const WORK_ROOT = resolve(import.meta.dirname, '../../.cache/builds');

/** The folders of one build: where Astro writes, and the final place. */
export interface BuildFolders {
  work: string;
  dist: string;
}

/** A temp folder's name carries the pid of the build that owns it, so a later build knows whether it is abandoned. */
function tempName(kind: 'work' | 'staging' | 'old', dist: string): string {
  return `.${basename(dist)}.${kind}-${process.pid}-${randomBytes(4).toString('hex')}`;
}
const TEMP = /^\.(.+)\.(work|staging|old)-(\d+)-[0-9a-f]{8}$/;

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
  return { work: join(WORK_ROOT, tempName('work', final)), dist: final };
}

/**
 * Puts a finished build in place of DIST_DIR. The work folder is first moved beside DIST_DIR (a copy when it is
 * on another filesystem), then two renames swap it in: DIST_DIR is missing only between them (microseconds),
 * and the old build is deleted afterwards.
 */
export async function swapIn({ work, dist }: BuildFolders): Promise<void> {
  const staging = join(dirname(dist), tempName('staging', dist));
  try {
    await rename(work, staging);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(work, staging, { recursive: true });
    await rm(work, { recursive: true, force: true });
  }
  const old = join(dirname(dist), tempName('old', dist));
  const hadOld = await rename(dist, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(staging, dist);
  } catch (error) {
    if (hadOld) await rename(old, dist);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}
