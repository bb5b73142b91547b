/**
 * The soak's build-switch phase (`npm run bench -- --soak`, alone as `npm run bench:builds`): a running `npm start`
 * while other commands of the same checkout build for other addresses, switch DIST_DIR and remove old builds, round
 * after round, with requests of every kind going to the server all along. The target is zero answers other than
 * expected; it also measures a second `npm start` on an existing build (no build) and the builds kept on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { removeOldBuilds } from '../../src/adapters/builds/build-store.ts';
import { readSettings } from '../../src/lib/config.ts';
import { startServer } from './measure-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Figures of one build-switch soak. */
export interface SoakBuildsFigures {
  /** Builds made for other addresses while the server ran. */
  rounds: number;
  /** Requests sent to the running server during those builds. */
  requests: number;
  /** Answers other than expected (wrong status, a Location or a link to another address): the target is 0. */
  unexpected: number;
  /** Up to ten distinct unexpected answers, as `path: status`. */
  unexpectedSamples: string[];
  /** Wall time of the first build (the server's own address), in seconds. */
  firstBuildSeconds: number;
  /** Wall time of each build for another address, in seconds. */
  buildSeconds: number[];
  /** A second `npm start` for the address that has a build: its ready line, its first search, and whether it built. */
  secondStart: { readyMs: number; firstQueryMs: number; built: boolean };
  /** Builds left on disk at the end, and their total size in MB. */
  keptBuilds: number;
  keptMb: number;
}

/** Options of soakBuilds; SOAK_BUILDS_DEFAULTS holds the defaults. */
export interface SoakBuildsOptions {
  /** Builds for other addresses, one after the other. */
  rounds: number;
  /** Where each round's progress line goes. */
  log: (line: string) => void;
}

/** Defaults of soakBuilds: the issue's 20 rounds, progress on the console. */
export const SOAK_BUILDS_DEFAULTS: SoakBuildsOptions = { rounds: 20, log: (line) => console.log(line) };

/** Runs `npm run build` with `env`; resolves with its exit code, wall time and output. */
function build(env: Record<string, string>): Promise<{ code: number | null; ms: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, ms: performance.now() - started, output })));
}

/** Serves the bundled corpus with `npm start` in a temp folder and builds `rounds` times for other addresses beside it. */
export async function soakBuilds(options: Partial<SoakBuildsOptions> = {}): Promise<SoakBuildsFigures> {
  const { rounds, log } = { ...SOAK_BUILDS_DEFAULTS, ...options };
  const work = await mkdtemp(join(tmpdir(), 'permis-build-switch-'));
  try {
    const settings = readSettings({
      SITE_URL: 'http://127.0.0.1:4399',
      CONTENT_DIR: join(ROOT, 'content/records'),
      DIST_DIR: join(work, 'dist'),
    });
    const env = { SITE_URL: settings.SITE_URL, CONTENT_DIR: settings.CONTENT_DIR, DIST_DIR: settings.DIST_DIR };
    const first = await build(env);
    if (first.code !== 0) throw new Error(first.output);
    log(`first build for ${settings.SITE_URL}: ${(first.ms / 1000).toFixed(1)} s`);
    const server = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '100000000' });
    try {
      // A second command for the same address: it finds the build and starts without one.
      const second = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '100000000' });
      await second.stop();
      const secondStart = {
        readyMs: second.readyMs,
        firstQueryMs: second.firstQueryMs,
        built: second.output().includes('Building'),
      };

      const ids = (await readdir(join(settings.DIST_DIR, 'api/v1/facts')))
        .filter((name) => !name.includes('.'))
        .slice(0, 3);
      const routes: [string, number][] = [
        ['/', 200],
        ['/recherche/', 200],
        ['/api/v1/?po_live=1', 200],
        ['/readyz', 200],
        ['/api/v1/facts?q=permis', 307],
        ['/api/v1/facts?po_live=1&limit=50', 200],
        ...['camion', 'handicap', 'tracteur', 'remorque', 'examen%20pratique'].map((q): [string, number] => [
          `/api/v1/facts?po_live=1&q=${q}`,
          200,
        ]),
        ...ids.flatMap((id): [string, number][] => [
          [`/api/v1/facts/${id}?po_live=1`, 200],
          [`/fiches/${id}/`, 200],
        ]),
      ];
      let requests = 0;
      const unexpected: string[] = [];
      let stopped = false;
      const load = (async () => {
        while (!stopped) {
          for (const [path, status] of routes) {
            const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
            const body = await response.text();
            requests += 1;
            const location = response.headers.get('location');
            // The other builds are for ports 49001 and up: a link to one of them is an answer from the wrong build.
            if (
              response.status !== status ||
              (location && !location.startsWith(`${settings.SITE_URL}/`)) ||
              body.includes('http://127.0.0.1:49')
            )
              unexpected.push(`${path}: ${response.status}`);
          }
        }
      })();

      const buildSeconds: number[] = [];
      try {
        for (let round = 1; round <= rounds; round++) {
          const done = await build({ ...env, SITE_URL: `http://127.0.0.1:${49000 + round}` });
          if (done.code !== 0) throw new Error(done.output);
          buildSeconds.push(done.ms / 1000);
          log(
            `round ${round}/${rounds}: build for port ${49000 + round} in ${(done.ms / 1000).toFixed(1)} s; ${requests} requests, ${unexpected.length} unexpected so far`,
          );
        }
      } finally {
        stopped = true;
        await load;
      }
      const { kept } = await removeOldBuilds(settings.DIST_DIR, { measure: true });
      return {
        rounds,
        requests,
        unexpected: unexpected.length,
        unexpectedSamples: [...new Set(unexpected)].slice(0, 10),
        firstBuildSeconds: first.ms / 1000,
        buildSeconds,
        secondStart,
        keptBuilds: kept.length,
        keptMb: kept.reduce((sum, b) => sum + b.bytes, 0) / 2 ** 20,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The build-switch figures as lines for the console. */
export function formatSoakBuilds(figures: SoakBuildsFigures): string {
  const seconds = figures.buildSeconds;
  const mean = seconds.length ? seconds.reduce((a, b) => a + b, 0) / seconds.length : 0;
  const range = seconds.length
    ? ` (mean ${mean.toFixed(1)} s, ${Math.min(...seconds).toFixed(1)} to ${Math.max(...seconds).toFixed(1)} s each)`
    : '';
  return [
    `builds: ${figures.rounds} builds for other addresses${range} beside a running npm start (first build ${figures.firstBuildSeconds.toFixed(1)} s):`,
    `  ${figures.requests} requests, ${figures.unexpected} not as expected (target 0)${figures.unexpected ? `: ${figures.unexpectedSamples.join(', ')}` : ''}`,
    `  second npm start on the existing build: ready line at ${figures.secondStart.readyMs} ms, first search answered ${Math.round(figures.secondStart.firstQueryMs)} ms after spawning, ${figures.secondStart.built ? 'BUILT' : 'no build'}`,
    `  builds kept: ${figures.keptBuilds} (${figures.keptMb.toFixed(1)} MB in all)`,
  ].join('\n');
}
