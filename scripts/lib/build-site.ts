/**
 * Finds or makes the build for given settings. Each build lands in a folder of its own, `.builds/<digest>/` beside
 * DIST_DIR, named by a digest of everything it is made from (records, synonyms, topics, the settings the pages read,
 * the site address, the code); a finished build is never written again. Astro runs in a fresh work folder; the
 * build adds what Astro does not write (_headers, .br/.gz siblings, the integrity manifest, the stamp), is renamed
 * into its folder, and DIST_DIR (a symbolic link) is switched to it in one rename. A lock per digest makes a second
 * command for the same inputs wait for the build in progress instead of starting another.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Settings } from '../../src/lib/config.ts';
import { staticHostHeaders } from '../../src/lib/security-headers.ts';
import { topicsFileOf } from '../../src/lib/topics/read-topics.ts';
import { readContent } from './read-content.ts';
import {
  alive,
  buildsRoot,
  currentBuild,
  pointDistAt,
  readStamp,
  removeOldBuilds,
  STAMP_FILE,
  useBuild,
} from '../../src/adapters/builds/build-store.ts';
import { verifyDist } from '../../src/adapters/builds/read-dist.ts';
import { finishOutput } from './output-files.ts';
import { carryAssets, prepareFolders, removeLeftovers } from './swap-dist.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');
/** The code a build is made with: a change here makes another build. */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json'].map((path) =>
  join(ROOT, path),
);
/** How often a command waiting for another's build looks whether it is done. */
const LOCK_POLL_MS = 250;

/** Options of buildSite and ensureSiteBuild. */
export interface BuildOptions {
  /** Do not echo Astro's output. */
  quiet?: boolean;
  /** Extra Node arguments for the Astro process (the benchmark's memory probe). */
  nodeArgs?: string[];
  /** Aborting stops Astro and removes the unfinished folder; DIST_DIR is untouched. */
  signal?: AbortSignal;
  /** Run Astro even when a verified build of the same inputs exists (the build benchmark); the existing folder is kept. */
  force?: boolean;
  /** Where "waiting for the build in progress" is reported. Default: nowhere. */
  log?: (line: string) => void;
  /** Called just before Astro runs (not when the build is found). */
  announce?: () => void;
}

/** A build found or made. */
export interface SiteBuild {
  /** The build's own folder, `.builds/<digest>`: read this, not DIST_DIR, which another command may switch. */
  dir: string;
  /** The digest of its inputs (the folder's name). */
  digest: string;
  /** Whether this call ran Astro (false: the build of these inputs existed already, or another command just made it). */
  built: boolean;
  /** Astro's output when it ran. */
  output: string;
}

/** Makes (or finds) the build for `settings` and switches DIST_DIR to it; returns the build (`built`: whether Astro ran). */
export async function buildSite(settings: Settings, options: BuildOptions = {}): Promise<SiteBuild> {
  const build = await ensureSiteBuild(settings, options);
  await pointDistAt(settings.DIST_DIR, build.dir);
  await removeOldBuilds(settings.DIST_DIR, { spare: [build.dir] });
  return build;
}

/**
 * The build for `settings`: the verified folder of its digest when there is one, else one made now (waiting first
 * for another command's build of the same digest). Registers this process as a user of the build, so that no other
 * command removes it while this one runs. DIST_DIR is switched only when this call made the build.
 */
export async function ensureSiteBuild(settings: Settings, options: BuildOptions = {}): Promise<SiteBuild> {
  const digest = await buildDigest(settings);
  const root = buildsRoot(settings.DIST_DIR);
  const dir = join(root, digest);
  await mkdir(root, { recursive: true });
  // Before looking: a build registered as used is never removed by another command's clean-up.
  await useBuild(dir);
  if (!options.force && (await verified(dir))) return { dir, digest, built: false, output: '' };
  // DIST_DIR itself may hold the build of these inputs outside a builds folder (a copy, a plain folder): it counts.
  const shown = await currentBuild(settings.DIST_DIR);
  if (
    !options.force &&
    shown &&
    (await readStamp(shown))?.digest === digest &&
    (await verifyDist(shown).then(
      () => true,
      () => false,
    ))
  ) {
    await useBuild(shown);
    return { dir: shown, digest, built: false, output: '' };
  }
  const unlock = await lockBuild(root, digest, options);
  try {
    if (!options.force && (await verified(dir))) return { dir, digest, built: false, output: '' };
    options.announce?.();
    const output = await runAstro(settings, digest, dir, options);
    await useBuild(dir);
    await pointDistAt(settings.DIST_DIR, dir);
    await removeOldBuilds(settings.DIST_DIR, { spare: [dir] });
    return { dir, digest, built: true, output };
  } finally {
    await unlock();
  }
}

/** Whether `dir` holds a finished build whose fixed artefacts are intact; a damaged one is moved away to be made again. */
async function verified(dir: string): Promise<boolean> {
  if (!(await readStamp(dir))) return false;
  try {
    await verifyDist(dir);
    return true;
  } catch {
    const trash = `${dir}.damaged-${process.pid}`;
    await rename(dir, trash).then(
      () => rm(trash, { recursive: true, force: true }),
      () => undefined,
    );
    return false;
  }
}

/** Takes the lock of `digest` (a file holding the builder's pid), waiting while a live process holds it. */
export async function lockBuild(
  root: string,
  digest: string,
  options: Pick<BuildOptions, 'signal' | 'log'> = {},
): Promise<() => Promise<void>> {
  const file = join(root, `${digest}.lock`);
  let reported = false;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(file, 'utf8').catch(() => ''));
    // Left by a killed build (or not yet written: its creator writes the pid next).
    if (holder > 0 && !alive(holder)) {
      await unlink(file).catch(() => undefined);
      continue;
    }
    if (!reported && holder > 0) {
      options.log?.(`Waiting for the build in progress for the same inputs (process ${holder})...`);
      reported = true;
    }
    await new Promise((wait) => setTimeout(wait, LOCK_POLL_MS));
  }
}

/** Runs Astro into a work folder, finishes the output and renames it to `dir`; returns Astro's output. */
async function runAstro(settings: Settings, digest: string, dir: string, options: BuildOptions): Promise<string> {
  await removeLeftovers(resolve(settings.DIST_DIR));
  const folders = await prepareFolders(settings.DIST_DIR);
  // Settings the pages read are passed explicitly; '' stands for unset (readSettings ignores empty values).
  const env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    SITE_URL: settings.SITE_URL,
    CONTENT_DIR: settings.CONTENT_DIR,
    DIST_DIR: folders.work,
    // Astro's data store of the loaded records lives in its cacheDir: one per run, or two builds at once mix records.
    ASTRO_CACHE_DIR: folders.cache,
    SYNONYMS_FILE: settings.SYNONYMS_FILE,
    TOPICS_FILE: settings.TOPICS_FILE ?? '',
    ERROR_REPORT_URL: settings.ERROR_REPORT_URL ?? '',
  };
  const output: string[] = [];
  try {
    const code = await new Promise<number | string | null>((done) => {
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ASTRO, 'build', '--silent'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stop = () => child.kill('SIGTERM');
      options.signal?.addEventListener('abort', stop, { once: true });
      // Kept, not echoed as it comes: with --silent Astro prints nothing on success, and on a failure caused by a
      // record file its report is replaced by the list of problems alone (recordProblems).
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('close', (exit, signal) => {
        options.signal?.removeEventListener('abort', stop);
        done(exit ?? signal);
      });
    });
    if (code !== 0 && options.signal?.aborted)
      throw Object.assign(new Error('build interrupted'), { output: output.join('') });
    if (code !== 0) {
      const problems = await recordProblems(settings);
      if (problems) throw Object.assign(new Error(problems), { output: problems });
      throw Object.assign(new Error(`astro build failed (exit ${code})`), { output: output.join('') });
    }
    if (!options.quiet && output.length > 0) process.stderr.write(output.join(''));
    await writeFile(join(folders.work, '_headers'), staticHostHeaders());
    // Pages of the build DIST_DIR showed may still ask a static host for its scripts and styles: they stay one build longer.
    const previous = await currentBuild(settings.DIST_DIR);
    if (previous) await carryAssets(previous, folders.work);
    await finishOutput(folders.work);
    await writeFile(
      join(folders.work, STAMP_FILE),
      JSON.stringify({ SITE_URL: settings.SITE_URL, ERROR_REPORT_URL: settings.ERROR_REPORT_URL ?? null, digest }),
    );
    if (options.signal?.aborted) throw Object.assign(new Error('build interrupted'), { output: output.join('') });
    await install(folders.work, dir);
    return output.join('');
  } finally {
    await rm(folders.work, { recursive: true, force: true });
    await rm(folders.cache, { recursive: true, force: true });
  }
}

/** Renames a finished work folder to its build folder (a copy first when they are on two filesystems); an existing build of the same inputs is kept. */
async function install(work: string, dir: string): Promise<void> {
  let from = work;
  const staging = `${dir}.staging-${process.pid}`;
  try {
    await rename(work, staging);
    from = staging;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const { cp } = await import('node:fs/promises');
    await cp(work, staging, { recursive: true });
    from = staging;
  }
  try {
    await rename(from, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Same inputs, same build: the one there stays (processes may be reading it).
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * After a failed Astro build: the list of record, synonym or topic problems (as check:records prints it) when those
 * files caused the failure, else null. Astro reports the same list inside its error report and stack trace; the list
 * alone is clearer, and reading the records again costs nothing on a successful build.
 */
async function recordProblems(settings: Settings): Promise<string | null> {
  try {
    // Records, topics and synonyms in one pass: every problem of the three, not the first file's alone.
    const { errors } = await readContent(settings);
    return errors.length > 0 ? errors.map((error) => error.message).join('\n') : null;
  } catch {
    return null;
  }
}

/**
 * The digest of what a build is made from: the settings the pages read (site address, error-report address, which
 * topics file) and the content of every input file (records, synonyms, topics, the code). Contents, not dates: a copy
 * of the same files finds the same build. First 16 hex digits of a sha256.
 */
export async function buildDigest(settings: Settings): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      SITE_URL: settings.SITE_URL,
      ERROR_REPORT_URL: settings.ERROR_REPORT_URL ?? null,
      TOPICS_FILE: settings.TOPICS_FILE ?? null,
    }),
  );
  const inputs: [string, string][] = [
    ['content', settings.CONTENT_DIR],
    ['synonyms', settings.SYNONYMS_FILE],
    ['topics', topicsFileOf(settings).path],
    ...CODE_INPUTS.map((path): [string, string] => [relative(ROOT, path), path]),
  ];
  for (const [label, input] of inputs) {
    const info = await stat(input).catch(() => null);
    hash.update(`\0${label}\0`);
    if (!info) continue;
    const files = info.isDirectory()
      ? (await readdir(input, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
      : [input];
    for (const file of files.sort())
      hash
        .update(`${relative(input, file)}\0`)
        .update(await readFile(file))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Why a build is needed for `settings` (none made from these inputs yet), or null when DIST_DIR shows that build. */
export async function staleReason(settings: Settings): Promise<string | null> {
  const current = await currentBuild(settings.DIST_DIR);
  if (!current) return 'no build yet';
  const stamp = await readStamp(current);
  if (!stamp) return 'no build yet';
  if (stamp.SITE_URL !== settings.SITE_URL)
    return `the build in ${settings.DIST_DIR} was made for SITE_URL ${stamp.SITE_URL}`;
  return stamp.digest === (await buildDigest(settings)) ? null : 'sources or settings changed since the last build';
}
