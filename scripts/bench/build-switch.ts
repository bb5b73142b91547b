/**
 * `npm run bench:builds -- [--rounds 20]`: a running `npm start` while other commands of the same checkout
 * build for other addresses, switch DIST_DIR and remove old builds, round after round. Prints the answers that were
 * not the expected status (the target is zero), the time a second command for an address that has a build takes to
 * be ready (no build), and the number and total size of the builds kept. Figures: docs/operating.md#builds.
 */
import { answerHelp } from '../lib/cli-help.ts';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { removeOldBuilds } from '../../src/adapters/builds/build-store.ts';
import { readSettings } from '../../src/lib/config.ts';
import { startServer } from './measure-server.ts';

answerHelp(`usage: npm run bench:builds -- [--rounds 20]

Serves the bundled corpus with npm start in a temp folder, then runs npm run build for another address --rounds times
(each a real build; builds beyond the kept number are removed) while requests of every kind go to the server.
Prints the answers that were not as expected, the start time of a second npm start on the existing build, and the
builds kept with their total size.`);

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const work = await mkdtemp(join(tmpdir(), 'permis-build-switch-'));
const settings = readSettings({ SITE_URL: 'http://127.0.0.1:4399', CONTENT_DIR: join(ROOT, 'content/records'), DIST_DIR: join(work, 'dist') });
const env = { SITE_URL: settings.SITE_URL, CONTENT_DIR: settings.CONTENT_DIR, DIST_DIR: settings.DIST_DIR };

/** Runs `npm run build` with `extra` settings; resolves with its exit code and wall time. */
function build(extra: Record<string, string>): Promise<{ code: number | null; ms: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/build.ts')], { cwd: ROOT, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, ms: performance.now() - started, output })));
}

const first = await build({});
if (first.code !== 0) throw new Error(first.output);
console.log(`first build for ${settings.SITE_URL}: ${(first.ms / 1000).toFixed(1)} s`);
const server = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '100000000' });
// A second command for the same address: it finds the build and starts without one.
const second = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '100000000' });
console.log(`second npm start for ${settings.SITE_URL} (build found): ready line at ${second.readyMs} ms, first search answered ${Math.round(second.firstQueryMs)} ms after spawning, ${second.output().includes('Building') ? 'BUILT' : 'no build'}`);
await second.stop();

const ids = (await readdir(join(settings.DIST_DIR, 'api/v1/facts'))).filter((name) => !name.includes('.')).slice(0, 3);
const routes: [string, number][] = [
  ['/', 200], ['/recherche/', 200], ['/api/v1/?po_live=1', 200], ['/readyz', 200], ['/api/v1/facts?q=permis', 307], ['/api/v1/facts?po_live=1&limit=50', 200],
  ...['camion', 'handicap', 'tracteur', 'remorque', 'examen%20pratique'].map((q): [string, number] => [`/api/v1/facts?po_live=1&q=${q}`, 200]),
  ...ids.flatMap((id): [string, number][] => [[`/api/v1/facts/${id}?po_live=1`, 200], [`/fiches/${id}/`, 200]]),
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
      if (response.status !== status || (location && !location.startsWith(`${settings.SITE_URL}/`)) || body.includes('http://127.0.0.1:49')) unexpected.push(`${path}: ${response.status}`);
    }
  }
})();

let buildMs = 0;
for (let round = 1; round <= rounds; round++) {
  const other = build({ SITE_URL: `http://127.0.0.1:${49000 + round}` });
  const done = await other;
  if (done.code !== 0) throw new Error(done.output);
  buildMs += done.ms;
  console.log(`round ${round}/${rounds}: build for port ${49000 + round} in ${(done.ms / 1000).toFixed(1)} s; ${requests} requests, ${unexpected.length} unexpected so far`);
}
stopped = true;
await load;
const { kept } = await removeOldBuilds(settings.DIST_DIR, { measure: true });
await server.stop();
const mb = kept.reduce((sum, b) => sum + b.bytes, 0) / 2 ** 20;
console.log(`\n${rounds} builds for other addresses (mean ${(buildMs / rounds / 1000).toFixed(1)} s each) beside a running npm start:`);
console.log(`  ${requests} requests, ${unexpected.length} not as expected${unexpected.length ? `: ${[...new Set(unexpected)].slice(0, 10).join(', ')}` : ''}`);
console.log(`  second npm start on the existing build: first search answered ${Math.round(second.firstQueryMs)} ms after spawning, ${second.output().includes('Building') ? 'BUILT' : 'no build'}`);
console.log(`  builds kept: ${kept.length} (${mb.toFixed(1)} MB in all)`);
await rm(work, { recursive: true, force: true });
