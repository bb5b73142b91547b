/**
 * What the commands that serve a build (npm start, npm run mcp, npm run edge, the other runtimes, the layouts) do
 * after reading the settings: find the build made for their own address and inputs, or make it (waiting for another
 * command's build of the same inputs rather than starting a second one), and check its integrity, each stopping the
 * process with a message an operator can act on. They then read that build's own folder, never DIST_DIR.
 */
import { join } from 'node:path';
import { readdir, stat } from 'node:fs/promises';
import { buildsRoot, currentBuild, readStamp, useBuild } from '../../src/adapters/builds/build-store.ts';
import { verifyDist } from '../../src/adapters/builds/read-dist.ts';
import type { Settings } from '../../src/lib/config.ts';
import { ensureSiteBuild } from './build-site.ts';

/** How ensureBuild reports and what it does when the build fails. */
export interface EnsureBuildOptions {
  /** Where the "Building the site" line goes (stderr for stdio servers, whose stdout is the protocol). */
  log: (line: string) => void;
  /**
   * On a failed build: serve the latest good build made for the same address with a loud warning, or exit.
   * Without any build to fall back on, the process exits either way.
   */
  onFailure: 'keep-last-good' | 'exit';
  /** Where the "Build for <address>: <folder>" line goes when the build is found. Default: `log`. */
  logFound?: (line: string) => void;
}

/**
 * The folder of the build this command serves: the one of its settings' digest, made now when missing. The first
 * line logged names the address the build is for. Registers this process as a user of the build.
 */
export async function ensureBuild(settings: Settings, options: EnsureBuildOptions): Promise<string> {
  // A stop asked while building (a supervisor's SIGTERM, Ctrl-C) stops Astro as well, so no build is left running
  // without its parent; DIST_DIR stays as it was (the build cleans up its unfinished folder).
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    options.log(`${signal} while building: the build is stopped, nothing is served.`);
    controller.abort();
  };
  for (const signal of STOP_SIGNALS) process.once(signal, stop);
  let dir: string;
  try {
    const build = await ensureSiteBuild(settings, {
      quiet: true,
      signal: controller.signal,
      log: options.log,
      announce: () =>
        options.log(`Building the site first for ${settings.SITE_URL} (no build of these sources and settings yet)...`),
    });
    dir = build.dir;
    if (!build.built)
      (options.logFound ?? options.log)(`Build for ${settings.SITE_URL}: ${build.dir} (made before, nothing to build)`);
  } catch (error) {
    if (controller.signal.aborted) process.exit(0);
    console.error((error as { output?: string }).output ?? (error as Error).message);
    const fallback = options.onFailure === 'keep-last-good' ? await lastBuildFor(settings) : null;
    if (!fallback) process.exit(1);
    console.error(
      `\n*** WARNING: the build failed (above); serving the LAST GOOD BUILD from ${fallback} (made for ${settings.SITE_URL}), which is out of date. ***\n`,
    );
    dir = fallback;
    await useBuild(dir);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  }
  // Stopped just as the build finished: the stop wins over serving.
  if (controller.signal.aborted) process.exit(0);
  return dir;
}

/** The latest build made for the same address: DIST_DIR's when it is one, else the newest in the builds folder; null when none. */
async function lastBuildFor(settings: Settings): Promise<string | null> {
  const current = await currentBuild(settings.DIST_DIR);
  if (current && (await readStamp(current))?.SITE_URL === settings.SITE_URL) return current;
  const root = buildsRoot(settings.DIST_DIR);
  let best: { dir: string; time: number } | null = null;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const dir = join(root, name);
    if ((await readStamp(dir))?.SITE_URL !== settings.SITE_URL) continue;
    const time = (await stat(dir)).mtimeMs;
    if (!best || time > best.time) best = { dir, time };
  }
  return best?.dir ?? null;
}

/** The signals that stop a server, and stop its first build. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Refuses a build without its integrity manifest or with damaged API artefacts: the process exits 1 with each problem. */
export async function verifiedOrExit(distDir: string, log: (message: string) => void = console.error): Promise<void> {
  try {
    await verifyDist(distDir);
  } catch (error) {
    log((error as Error).message);
    process.exit(1);
  }
}
