/**
 * `npm run bench:edge [-- --sizes 355,10000] [--runs 5]` (also `npm run bench -- --edge`): the worker bundle size,
 * and the cold start, first /facts query and isolate heap in local workerd, per corpus size ("355" = the bundled
 * corpus, whatever its count). Builds into bench/tmp/dist-<size> when stale (as `npm run bench`); writes bench/results/edge.{md,json} and
 * their dated copy (result-files.ts).
 */
import { answerHelp } from '../../lib/cli-help.ts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSettings } from '../../../src/lib/config.ts';
import { buildSite, staleReason } from '../../lib/build-site.ts';
import { createResultFiles } from '../result-files.ts';
import { BUNDLED_SIZE_HELP, corpusDir } from '../bundled-corpus.ts';
import {
  ISOLATE_LIMIT_MB,
  PAGES,
  measureBundle,
  measureColdStart,
  type BundleFigures,
  type ColdStartFigures,
} from './measure-edge.ts';

answerHelp(`usage: npm run bench:edge -- [--sizes 355,10000] [--runs 5]

Measures the Cloudflare worker in local workerd: bundle size as wrangler deploy uploads it, cold start, first
query and isolate memory; writes bench/results/edge.md and edge.json (docs/performance.md).
  --sizes 355,10000   corpus sizes; ${BUNDLED_SIZE_HELP}
  --runs 5            fresh starts per size (medians are reported)`);

const ROOT = join(import.meta.dirname, '../../..');
const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '355,10000' }, runs: { type: 'string', default: '5' } },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(runs >= 1)) {
  console.error(`usage: npm run bench:edge -- [--sizes 355,10000] [--runs 5]   (${BUNDLED_SIZE_HELP})`);
  process.exit(2);
}

const rows: { size: number; records: number; bundle: BundleFigures; cold: ColdStartFigures }[] = [];
for (const size of sizes) {
  const settings = readSettings({
    CONTENT_DIR: corpusDir(size),
    DIST_DIR: join(ROOT, `bench/tmp/dist-${size}`),
    SITE_URL: 'http://127.0.0.1:4399',
  });
  const reason = await staleReason(settings);
  if (reason) {
    console.log(`# ${size}: building (${reason})…`);
    await buildSite(settings, { quiet: true });
  }
  console.log(`# ${size}: bundle, then ${runs} cold starts…`);
  const bundle = await measureBundle(settings.DIST_DIR);
  const cold = await measureColdStart(settings.DIST_DIR, runs);
  // One JSON file a record; the build's .br/.gz siblings are not records.
  const records = (await readdir(join(settings.DIST_DIR, 'api/v1/facts'))).filter(
    (name) => !/\.(br|gz)$/.test(name),
  ).length;
  rows.push({ size, records, bundle, cold });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const column = (f: (r: (typeof rows)[number]) => string) => rows.map(f).join(' | ');
const report = [
  '# Edge benchmark (local workerd through Miniflare; medians of fresh starts)',
  '',
  `| figure | ${column((r) => `${r.records} records`)} |`,
  `|---|${rows.map(() => '---:').join('|')}|`,
  `| worker bundle (wrangler deploy --dry-run): raw / gzip | ${column((r) => `${kib(r.bundle.rawBytes)} / ${kib(r.bundle.gzipBytes)}`)} |`,
  `| same, --minify: raw / gzip | ${column((r) => `${kib(r.bundle.minifiedBytes)} / ${kib(r.bundle.minifiedGzipBytes)}`)} |`,
  `| files in dist/ (static assets) | ${column((r) => String(r.bundle.assetFiles))} |`,
  `| workerd start (new process, ${runs} runs) | ${column((r) => ms(r.cold.startMs))} |`,
  `| first /facts?q= of a new isolate (loads the index) | ${column((r) => ms(r.cold.firstQueryMs))} |`,
  `| second /facts?q= (index loaded) | ${column((r) => ms(r.cold.secondQueryMs))} |`,
  `| isolate memory (V8 heap + buffers) before / after the first query | ${column((r) => `${r.cold.heapBeforeMb.toFixed(1)} / ${r.cold.heapAfterMb.toFixed(1)} MiB`)} |`,
  `| isolate memory after ${PAGES} distinct 50-record pages (caches filled) | ${column((r) => `${r.cold.heapLoadedMb.toFixed(1)} MiB`)} |`,
  `| fits the ${ISOLATE_LIMIT_MB} MB isolate limit | ${column((r) => (Math.max(r.cold.heapAfterMb, r.cold.heapLoadedMb) < ISOLATE_LIMIT_MB ? 'yes' : '**no**'))} |`,
  '',
].join('\n');
await createResultFiles('edge', `npm run bench:edge -- --sizes ${sizes.join(',')} --runs ${runs}`).write({
  json: { runs, rows },
  markdown: report,
});
console.log(`\n${report}`);
