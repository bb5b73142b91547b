/**
 * `npm run bench -- --publisher [--import-size 10000] [--edits 6] [--dev-only]`: the publisher's loop. (1) `npm run dev`
 * over a copy of the bundled corpus (content/records): a record file is edited under Chromium (writeFile, then rename-over)
 * and the time until the open page shows the edit is measured, and the API checked. (2) A synthetic deployment of N records is built, served by `npm start` with the default quota
 * (120 requests a minute), and imported with `npm run import`'s code: time and requests.
 * Prints figures and writes them to bench/results/publisher.{md,json} and a dated copy; nothing is asserted (the
 * machine may be shared, so figures are noisy).
 */
import { answerHelp } from '../lib/cli-help.ts';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startDevServer } from '../lib/dev-process.ts';
import { buildSite } from '../lib/build-site.ts';
import { runImport } from '../lib/run-import.ts';
import { readSettings } from '../../src/lib/config.ts';
import { startServer } from './measure-server.ts';
import { createResultFiles } from './result-files.ts';

answerHelp(`usage: npm run bench -- --publisher [--import-size N] [--edits K] [--dev-only]   (or node scripts/bench/publisher-loop.ts)

The publisher's loop: npm run dev over a copy of the bundled corpus (content/records), K record edits (default 6,
alternately writeFile and a new file renamed over the old one, as sed -i does) under Chromium, each timed from the
save until the open page shows the new title, and the API checked to answer it; prints each time and the median.
Then (unless --dev-only) a synthetic deployment of N records (default 10000) served with the default quota and
imported with npm run import's code: time and requests. Writes bench/results/publisher.{md,json} (docs/performance.md).`);

const ROOT = join(import.meta.dirname, '../..');

/** One timed edit: how the file was saved, the time until the open page showed it, and whether the API agreed. */
export interface DevEdit {
  how: 'writeFile' | 'rename-over';
  ms: number;
  api: boolean;
}

/**
 * Edits a record's title `edits` times under Chromium, alternately with writeFile and by renaming a new file over the
 * old one (as sed -i and many editors save); each time is from the save to the new title in the open page's <h1>,
 * which the page must reload by itself. Then /api/v1/facts/{id} of the same dev server must answer the new title.
 */
export async function measureDevReload(edits: number): Promise<DevEdit[]> {
  const content = join(await mkdtemp(join(tmpdir(), 'permis-bench-dev-')), 'records');
  await cp(join(ROOT, 'content/records'), content, { recursive: true });
  const name = (await readdir(content)).sort()[0]!;
  const path = join(content, name);
  const original = await readFile(path, 'utf8');
  const id = /^id: (\S+)/m.exec(original)![1]!;
  const dev = await startDevServer(content);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const done: DevEdit[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.origin}/fiches/${id}/`);
    // Let the page's dev client open its connection: a reload sent before it is connected is lost.
    await page.waitForLoadState('networkidle');
    await new Promise((settle) => setTimeout(settle, 2_000));
    for (let i = 1; i <= edits; i++) {
      const title = `Titre modifié pour la mesure ${i}`;
      const source = original.replace(/^title: .*$/m, `title: "${title}"`);
      const how = i % 2 === 1 ? 'writeFile' : 'rename-over';
      const started = performance.now();
      if (how === 'writeFile') await writeFile(path, source);
      else {
        await writeFile(`${path}.tmp`, source);
        await rename(`${path}.tmp`, path);
      }
      await page.waitForFunction((wanted) => document.querySelector('h1')?.textContent === wanted, title, {
        timeout: 60_000,
        polling: 20,
      });
      const ms = performance.now() - started;
      const fact = (await (await fetch(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json()) as { title?: string };
      done.push({ how, ms, api: fact.title === title });
      await page.waitForLoadState('networkidle');
      await new Promise((settle) => setTimeout(settle, 1_000));
    }
  } finally {
    await browser.close();
    await dev.stop();
  }
  return done;
}

/** Builds a synthetic deployment of `size` records, serves it with npm start (default quota) and imports it. */
export async function measureImport(
  size: number,
): Promise<{ seconds: number; requests: number; added: number; failed: number; buildSeconds: number }> {
  const work = await mkdtemp(join(tmpdir(), 'permis-bench-import-'));
  const generated = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/generate-corpus.ts'), '--count', String(size), '--out', join(work, 'source')],
    { encoding: 'utf8' },
  );
  if (generated.status !== 0) throw new Error(generated.stderr);
  // The server's own origin is the canonical address; a free port is picked by a first start, then the build uses it.
  const settings = readSettings({
    SITE_URL: 'http://127.0.0.1:1',
    CONTENT_DIR: join(work, 'source'),
    DIST_DIR: join(work, 'dist'),
  });
  const built = performance.now();
  await buildSite(settings, { quiet: true });
  const buildSeconds = (performance.now() - built) / 1000;
  const server = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '120' });
  try {
    const started = performance.now();
    const summary = await runImport({ baseUrl: server.base, out: join(work, 'imported') });
    return {
      seconds: (performance.now() - started) / 1000,
      requests: summary.requests,
      added: summary.added.length,
      failed: summary.failed.length,
      buildSeconds,
    };
  } finally {
    await server.stop();
  }
}

/** The median (the mean of the two middle values for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs both measures, prints them and writes them to bench/results/publisher.* (and a dated copy). */
export async function publisherBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      'import-size': { type: 'string', default: '10000' },
      edits: { type: 'string', default: '6' },
      'dev-only': { type: 'boolean', default: false },
    },
  });
  const edits = Number(values.edits);
  const size = Number(values['import-size']);
  const records = (await readdir(join(ROOT, 'content/records'))).filter((file) => file.endsWith('.md')).length;
  const results = createResultFiles(
    'publisher',
    `npm run bench -- --publisher --edits ${edits}${values['dev-only'] ? ' --dev-only' : ` --import-size ${size}`}`,
  );
  const printed: string[] = [];
  const say = (line: string) => {
    console.log(line);
    printed.push(line);
  };
  say(
    `publisher loop (figures are noisy on a shared machine: ${(await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0]} load average now)`,
  );
  const measured = await measureDevReload(edits);
  const load = (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0];
  for (const [i, edit] of measured.entries())
    say(
      `  edit ${i + 1} (${edit.how}): ${Math.round(edit.ms)} ms${edit.api ? '' : ', but /api/v1/facts/{id} still answered the old title'}`,
    );
  const times = measured.map((e) => e.ms);
  const byHow = (how: DevEdit['how']) => Math.round(median(measured.filter((e) => e.how === how).map((e) => e.ms)));
  say(
    `npm run dev, ${records} records, edit → visible in Chromium: median ${Math.round(median(times))} ms (writeFile ${byHow('writeFile')} ms, rename-over ${byHow('rename-over')} ms), max ${Math.round(Math.max(...times))} ms over ${times.length} edits, API agreed ${measured.filter((e) => e.api).length}/${measured.length} (target 2000 ms; load average ${load} after)`,
  );
  const write = (imported?: Awaited<ReturnType<typeof measureImport>>) =>
    results.write({
      json: { records, edits: measured, ...(imported ? { import: { size, ...imported } } : {}) },
      markdown: `${printed.join('\n')}\n`,
    });
  if (values['dev-only']) {
    await write();
    return;
  }
  const imported = await measureImport(size);
  say(
    `npm run import of a ${size}-record synthetic deployment under the default quota: ${imported.seconds.toFixed(1)} s, ${imported.requests} requests, ${imported.added} added, ${imported.failed} failed (its build took ${imported.buildSeconds.toFixed(0)} s)`,
  );
  await write(imported);
}

if (import.meta.url === `file://${process.argv[1]}`) await publisherBench(process.argv.slice(2));
