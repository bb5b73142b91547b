/**
 * What the commands that serve a build (npm start, npm run mcp, npm run edge) do after reading the settings: build when
 * the output is stale, and check the build's integrity, each stopping the process with a message an operator can act on.
 */
import { verifyDist } from '../../src/adapters/read-dist.ts';
import type { Settings } from '../../src/lib/config.ts';
import { buildSite, staleReason } from './build-site.ts';

/** How ensureBuild reports and what it does when the build fails. */
export interface EnsureBuildOptions {
  /** Where the "Building the site first" line goes (stderr for stdio servers, whose stdout is the protocol). */
  log: (line: string) => void;
  /**
   * On a failed build: serve the last good build with a loud warning (builds are atomic, so it is intact), or exit.
   * Without any build to fall back on, the process exits either way.
   */
  onFailure: 'keep-last-good' | 'exit';
}

/** Builds the site when its output is missing or older than its sources or settings. */
export async function ensureBuild(settings: Settings, options: EnsureBuildOptions): Promise<void> {
  const reason = await staleReason(settings);
  if (!reason) return;
  options.log(`Building the site first (${reason})...`);
  // A stop asked while building (a supervisor's SIGTERM, Ctrl-C) stops Astro as well, so no build is left running
  // without its parent; DIST_DIR stays as it was (buildSite cleans up its unfinished folder).
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    options.log(`${signal} while building: the build is stopped, nothing is served.`);
    controller.abort();
  };
  for (const signal of STOP_SIGNALS) process.once(signal, stop);
  try {
    // Quiet: the build prints nothing on stdout.
    await buildSite(settings, { quiet: true, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) process.exit(0);
    console.error((error as { output?: string }).output ?? (error as Error).message);
    if (reason === 'no build yet' || options.onFailure === 'exit') process.exit(1);
    console.error(`\n*** WARNING: the build failed (above); serving the LAST GOOD BUILD from ${settings.DIST_DIR}/, which is out of date. ***\n`);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  }
  // Stopped just as the build finished: the stop wins over serving.
  if (controller.signal.aborted) process.exit(0);
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
