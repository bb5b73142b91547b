/** Node-only: notices that DIST_DIR shows another build, with one cheap check at most every interval. */
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { INTEGRITY_FILE } from '../../lib/integrity.ts';
import { STAMP_FILE } from './build-store.ts';

/** The stamp file of a build (build-store.ts), re-exported for the watch's callers. */
export { STAMP_FILE };

/**
 * What tells one build from another without reading it: the real folder DIST_DIR shows (a link switched from build
 * to build), its inode, and the inode and mtime of its manifest (a build written in place rewrites it last).
 * Null while DIST_DIR is missing.
 */
export async function buildSignature(dir: string): Promise<string | null> {
  const [real, folder, manifest] = await Promise.all([
    realpath(dir).catch(() => null),
    stat(dir).catch(() => null),
    stat(join(dir, INTEGRITY_FILE)).catch(() => null),
  ]);
  if (!folder?.isDirectory()) return null;
  return [real, folder.ino, manifest?.ino, manifest?.mtimeMs].join(':');
}

/** A string field of a JSON file; undefined when the file is missing or unreadable, or the field is not a string. */
async function readStringField(path: string, field: string): Promise<string | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  try {
    const value = (JSON.parse(text) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The build's id from its manifest, for the log; undefined without one. */
export const readBuildId = (dir: string): Promise<string | undefined> =>
  readStringField(join(dir, INTEGRITY_FILE), 'buildId');

/** The SITE_URL a build was made for, from its stamp; undefined when the stamp is missing or unreadable. */
export const readBuildSiteUrl = (dir: string): Promise<string | undefined> =>
  readStringField(join(dir, STAMP_FILE), 'SITE_URL');

/** A watch over one folder. */
export interface BuildWatch {
  /** Starts a check in the background when the interval has passed since the last one; requests never wait for it. */
  poll(): void;
  /** Checks now; true when a new build was found and `onChange` ran. */
  check(): Promise<boolean>;
}

/**
 * Calls `onChange` once per new build found in `dir`. Checks are driven by requests (poll), so an idle server
 * costs nothing; concurrent requests share one check, and keep the current build until `onChange` has switched.
 */
export function createBuildWatch(
  dir: string,
  intervalMs: number,
  onChange: () => Promise<void>,
  onError: (error: unknown) => void,
): BuildWatch {
  let known: Promise<string | null> = buildSignature(dir);
  let lastCheck = Date.now();
  let running: Promise<boolean> | null = null;

  async function compare(): Promise<boolean> {
    const [before, now] = await Promise.all([known, buildSignature(dir)]);
    if (now === null || now === before) return false;
    known = Promise.resolve(now);
    await onChange();
    return true;
  }
  function check(): Promise<boolean> {
    lastCheck = Date.now();
    running ??= compare().finally(() => (running = null));
    return running;
  }
  return {
    poll() {
      if (running || Date.now() - lastCheck < intervalMs) return;
      check().catch(onError);
    },
    check,
  };
}
