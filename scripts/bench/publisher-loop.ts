/**
 * `npm run bench -- --publisher [--import-size 10000] [--edits 5]`: the publisher's loop. (1) `npm run dev` over a copy of
 * the bundled corpus (408 records): a record file is edited under Chromium and the time until the open page shows
 * the edit is measured. (2) A synthetic deployment of N records is built, served by `npm start` with the default quota
 * (120 requests a minute), and imported with `npm run import`'s code: time and requests.
 * Prints figures; nothing is asserted (the machine may be shared, so figures are noisy).
 */
import { answerHelp } from '../lib/cli-help.ts';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startDevServer } from '../lib/dev-process.ts';
import { buildSite } from '../lib/build-site.ts';
import { runImport } from '../lib/run-import.ts';
import { readSettings } from '../../src/lib/config.ts';
import { startServer } from './measure-server.ts';

answerHelp(`usage: npm run bench -- --publisher [--import-size N] [--edits K]   (or node scripts/bench/publisher-loop.ts)

The publisher's loop: npm run dev over a copy of the bundled corpus, K record edits under Chromium timed until the
open page shows them (default 5); then a synthetic deployment of N records (default 10000) served with the default
quota and imported with npm run import's code: time and requests (docs/performance.md).`);

const ROOT = join(import.meta.dirname, '../..');

/** Edits a record's title `edits` times under Chromium; returns each time from the file write to the new title on screen. */
export async function measureDevReload(edits: number): Promise<number[]> {
  const content = join(await mkdtemp(join(tmpdir(), 'permis-bench-dev-')), 'records');
  await cp(join(ROOT, 'content/records'), content, { recursive: true });
  const name = (await readdir(content)).sort()[0]!;
  const path = join(content, name);
  const original = await readFile(path, 'utf8');
  const id = /^id: (\S+)/m.exec(original)![1]!;
  const dev = await startDevServer(content);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const times: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.origin}/fiches/${id}/`);
    // Let the page's dev client open its connection: a reload sent before it is connected is lost.
    await page.waitForLoadState('networkidle');
    await new Promise((done) => setTimeout(done, 2_000));
    for (let i = 1; i <= edits; i++) {
      const title = `Titre modifié pour la mesure ${i}`;
      const started = performance.now();
      await writeFile(path, original.replace(/^title: .*$/m, `title: "${title}"`));
      await page.waitForFunction((wanted) => document.querySelector('h1')?.textContent === wanted, title, { timeout: 60_000, polling: 20 });
      times.push(performance.now() - started);
      await page.waitForLoadState('networkidle');
      await new Promise((done) => setTimeout(done, 1_000));
    }
  } finally {
    await browser.close();
    await dev.stop();
  }
  return times;
}

/** Builds a synthetic deployment of `size` records, serves it with npm start (default quota) and imports it. */
export async function measureImport(size: number): Promise<{ seconds: number; requests: number; added: number; failed: number; buildSeconds: number }> {
  const work = await mkdtemp(join(tmpdir(), 'permis-bench-import-'));
  const generated = spawnSync(process.execPath, [join(ROOT, 'scripts/generate-corpus.ts'), '--count', String(size), '--out', join(work, 'source')], { encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(generated.stderr);
  // The server's own origin is the canonical address; a free port is picked by a first start, then the build uses it.
  const settings = readSettings({ SITE_URL: 'http://127.0.0.1:1', CONTENT_DIR: join(work, 'source'), DIST_DIR: join(work, 'dist') });
  const built = performance.now();
  await buildSite(settings, { quiet: true });
  const buildSeconds = (performance.now() - built) / 1000;
  const server = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '120' });
  try {
    const started = performance.now();
    const summary = await runImport({ baseUrl: server.base, out: join(work, 'imported') });
    return { seconds: (performance.now() - started) / 1000, requests: summary.requests, added: summary.added.length, failed: summary.failed.length, buildSeconds };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Runs both measures and prints them. */
export async function publisherBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: false, options: { 'import-size': { type: 'string', default: '10000' }, edits: { type: 'string', default: '5' } } });
  const edits = Number(values.edits);
  const size = Number(values['import-size']);
  console.log(`publisher loop (figures are noisy on a shared machine: ${(await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0]} load average now)`);
  const times = await measureDevReload(edits);
  console.log(`npm run dev, 408 records, edit → visible in Chromium: median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms over ${times.length} edits (target 2000 ms) [${times.map(Math.round).join(', ')}]`);
  const imported = await measureImport(size);
  console.log(`npm run import of a ${size}-record synthetic deployment under the default quota: ${imported.seconds.toFixed(1)} s, ${imported.requests} requests, ${imported.added} added, ${imported.failed} failed (its build took ${imported.buildSeconds.toFixed(0)} s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await publisherBench(process.argv.slice(2));
