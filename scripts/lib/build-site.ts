/**
 * Runs the Astro build for given settings into a fresh folder, adds what Astro does not write (_headers,
 * .br/.gz siblings, the integrity manifest, the build stamp), then swaps it in place of DIST_DIR.
 * A build that fails or is killed at any moment leaves the last good DIST_DIR as it was.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Settings } from '../../src/lib/config.ts';
import { staticHostHeaders } from '../../src/lib/security-headers.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { RecordError } from '../../src/lib/records/friendly-errors.ts';
import { readSynonymsFile, SynonymsError } from '../../src/lib/search/build.ts';
import { readTopics, TopicError, topicsFileOf } from '../../src/lib/topics/read-topics.ts';
import { STAMP_FILE } from '../../src/adapters/build-watch.ts';
import { finishOutput } from './output-files.ts';
import { carryAssets, prepareFolders, removeLeftovers, swapIn } from './swap-dist.ts';

const ASTRO = join(import.meta.dirname, '../../node_modules/astro/bin/astro.mjs');
/** Inputs whose change makes a build stale. */
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json'];

/** Options of buildSite. */
export interface BuildOptions {
  /** Do not echo Astro's output. */
  quiet?: boolean;
  /** Extra Node arguments for the Astro process (the benchmark's memory probe). */
  nodeArgs?: string[];
  /** Aborting stops Astro and removes the unfinished folder; DIST_DIR is untouched. */
  signal?: AbortSignal;
}

/** Builds the site and swaps it into settings.DIST_DIR; returns the build's output, or rejects with it when the build fails. */
export async function buildSite(settings: Settings, options: BuildOptions = {}): Promise<string> {
  await removeLeftovers(resolve(settings.DIST_DIR));
  const folders = await prepareFolders(settings.DIST_DIR);
  // Settings the pages read are passed explicitly; '' stands for unset (readSettings ignores empty values).
  const env = {
    ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: settings.SITE_URL, CONTENT_DIR: settings.CONTENT_DIR, DIST_DIR: folders.work,
    SYNONYMS_FILE: settings.SYNONYMS_FILE, TOPICS_FILE: settings.TOPICS_FILE ?? '', ERROR_REPORT_URL: settings.ERROR_REPORT_URL ?? '',
  };
  const inputs = await fingerprint(settings);
  const output: string[] = [];
  try {
    const code = await new Promise<number | string | null>((done) => {
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ASTRO, 'build', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      const stop = () => child.kill('SIGTERM');
      options.signal?.addEventListener('abort', stop, { once: true });
      // Kept, not echoed as it comes: with --silent Astro prints nothing on success, and on a failure caused by a
      // record file its report is replaced by the list of problems alone (recordProblems).
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('close', (exit, signal) => {
        options.signal?.removeEventListener('abort', stop);
        done(exit ?? signal);
      });
    });
    if (code !== 0 && options.signal?.aborted) throw Object.assign(new Error('build interrupted'), { output: output.join('') });
    if (code !== 0) {
      const problems = await recordProblems(settings);
      if (problems) throw Object.assign(new Error(problems), { output: problems });
      throw Object.assign(new Error(`astro build failed (exit ${code})`), { output: output.join('') });
    }
    if (!options.quiet && output.length > 0) process.stderr.write(output.join(''));
    await writeFile(join(folders.work, '_headers'), staticHostHeaders());
    // Pages of the build being replaced may still ask for its scripts and styles: they stay one build longer.
    await carryAssets(folders.dist, folders.work);
    await finishOutput(folders.work);
    await writeFile(join(folders.work, STAMP_FILE), JSON.stringify({ SITE_URL: settings.SITE_URL, CONTENT_DIR: contentDigest(settings), ERROR_REPORT_URL: settings.ERROR_REPORT_URL ?? null, inputs }));
    if (options.signal?.aborted) throw Object.assign(new Error('build interrupted'), { output: output.join('') });
    await swapIn(folders);
    return output.join('');
  } finally {
    await rm(folders.work, { recursive: true, force: true });
  }
}

/**
 * After a failed Astro build: the list of record, synonym or topic problems (as check:records prints it) when those
 * files caused the failure, else null. Astro reports the same list inside its error report and stack trace; the list
 * alone is clearer, and reading the records again costs nothing on a successful build.
 */
async function recordProblems(settings: Settings): Promise<string | null> {
  try {
    const facts = await readRecords(settings.CONTENT_DIR, settings.SITE_URL);
    await readSynonymsFile(settings.SYNONYMS_FILE);
    await readTopics(topicsFileOf(settings), new Set(facts.map((f) => f.id)));
    return null;
  } catch (error) {
    return error instanceof RecordError || error instanceof SynonymsError || error instanceof TopicError ? error.message : null;
  }
}

/** The stamp keeps a digest of CONTENT_DIR's absolute path, so the published stamp reveals no server path. */
function contentDigest(settings: Settings): string {
  return createHash('sha256').update(resolve(settings.CONTENT_DIR)).digest('hex');
}

/** A digest of every input file's path, size and mtime: any edit, addition or removal changes it. */
async function fingerprint(settings: Settings): Promise<string> {
  const hash = createHash('sha256');
  for (const input of [settings.CONTENT_DIR, settings.SYNONYMS_FILE, topicsFileOf(settings).path, ...INPUTS]) {
    const info = await stat(input).catch(() => null);
    if (!info) continue;
    const files = info.isDirectory()
      ? (await readdir(input, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
      : [input];
    for (const file of files.sort()) {
      const s = await stat(file);
      hash.update(`${relative(input, file)}:${s.size}:${Math.round(s.mtimeMs)}\n`);
    }
  }
  return hash.digest('hex');
}

/** Why a build is needed (no build, other settings, changed inputs), or null when the output is current. */
export async function staleReason(settings: Settings): Promise<string | null> {
  const stamp = await readFile(join(settings.DIST_DIR, STAMP_FILE), 'utf8').then(JSON.parse).catch(() => null);
  if (!stamp) return 'no build yet';
  if (stamp.SITE_URL !== settings.SITE_URL || stamp.CONTENT_DIR !== contentDigest(settings)) return 'SITE_URL or CONTENT_DIR changed';
  if (stamp.ERROR_REPORT_URL !== (settings.ERROR_REPORT_URL ?? null)) return 'ERROR_REPORT_URL changed';
  return stamp.inputs === (await fingerprint(settings)) ? null : 'sources changed since the last build';
}
