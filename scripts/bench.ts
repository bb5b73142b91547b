/**
 * `npm run bench [-- --sizes 355,10000,50000] [--seconds 5] [--soak [--soak-builds 20]] [--edge] [--no-first-search]`: build, index, server, load and search figures
 * for the bundled corpus ("355", whatever its count) and synthetic corpora; prints a table and writes bench/results/latest.{md,json}.
 * `--soak` runs the hostile-request soak on the bundled corpus (alone, unless --sizes is given too), then the
 * build-switch phase (scripts/bench/soak-builds.ts: --soak-builds builds beside a running server), and writes
 * bench/results/soak.json. `--edge` runs the edge section (scripts/bench/edge/cli.ts: worker bundle, cold start and
 * isolate memory in workerd, for --sizes or 355,10000; alone, unless --sizes is given too).
 * `--publisher [--import-size 10000] [--edits 6] [--dev-only]` runs only the publisher's loop (scripts/bench/publisher-loop.ts).
 * Each size also measures a first search in Chromium on a plain static host (this site vs Pagefind), unless --no-first-search.
 */
import { answerHelp } from './lib/cli-help.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSettings } from '../src/lib/config.ts';
import { readRecords } from '../src/lib/records/read-records.ts';
import type { DocBlock, SearchManifest, FactsQuery } from '../src/lib/search/index.ts';
import { measureBuild } from './bench/build/measure-build.ts';
import { buildSite } from './lib/build-site.ts';
import { measureCacheGrowth } from './bench/http/measure-cache-growth.ts';
import { measureHttp, prepareHttp } from './bench/http/measure-http.ts';
import { measureSearch } from './bench/search/measure-search.ts';
import { QUERY_MIX } from './bench/search/query-mix.ts';
import { startServer } from './bench/measure-server.ts';
import { LOAD_GENERATOR } from './bench/load/measure-load.ts';
import { formatReport } from './bench/report.ts';
import type { SizeResult } from './bench/size-result.ts';
import { measureFirstSearch } from './bench/first-search/measure-first-search.ts';
import { formatFirstSearch } from './bench/first-search/format.ts';
import { formatTargets } from './bench/http/report-http.ts';
import { formatSoak, soak } from './bench/soak.ts';
import { formatSoakBuilds, SOAK_BUILDS_DEFAULTS, soakBuilds } from './bench/soak-builds.ts';
import { spawnSync } from 'node:child_process';
import { createResultFiles, currentMachine, describeMachine } from './bench/result-files.ts';
import { BUNDLED_SIZE, BUNDLED_SIZE_HELP, corpusDir } from './bench/bundled-corpus.ts';

answerHelp(`usage: npm run bench -- [options]

Builds and measures the bundled corpus and synthetic ones: build, index, server start, HTTP load against static
twins, cache growth, search, first search in Chromium; prints a table and writes bench/results/latest.md and
latest.json (docs/performance.md). Times are noisy on a shared machine: read them as such.
  --sizes 355,10000,50000   corpus sizes to measure (default 355,10000); ${BUNDLED_SIZE_HELP}
  --seconds 5               seconds per load target
  --no-first-search         skip the first-search comparison with Pagefind in Chromium
  --soak                    the hostile-request soak on the bundled corpus (alone unless --sizes is given), then
                            the build-switch phase (--soak-builds); writes bench/results/soak.json
  --soak-requests 100000    requests the soak sends
  --soak-builds 20          builds for other addresses the soak makes beside a running npm start, each switching
                            DIST_DIR and removing old builds (target: zero answers other than expected; 0 skips it)
  --edge                    the edge section (worker bundle, cold start, isolate memory in workerd; npm run bench:edge)
  --search                  only the search engine in process, over shards built in memory (no site build):
                            uncached p50/p99 of the query mix, old and new evaluators side by side, and the
                            worst case of the hostile query set (--sizes 355,10000,50000 by default)
  --workers                 alone: record by id with WORKERS=1 vs 2, and logs + metrics on vs off (scripts/bench/workers.ts)
  --downloads --dist DIR    alone: the whole corpus of a build through the client, download vs walk under the quota
                            (scripts/bench/downloads.ts)
Environment: BENCH_LOAD=wrk|autocannon chooses the load generator (default wrk when installed);
CHROMIUM_PATH the browser of the first-search step.`);

const ROOT = join(import.meta.dirname, '..');
// --search: the search engine alone, in process, over shards built in memory (scripts/bench/search/cli.ts).
if (process.argv.includes('--search')) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      join(ROOT, 'scripts/bench/search/cli.ts'),
      ...process.argv.slice(2).filter((a) => a !== '--search'),
    ],
    { stdio: 'inherit' },
  );
  process.exit(status ?? 1);
}
// --workers: WORKERS=1 vs 2 and the cost of logs and metrics, alone (scripts/bench/workers.ts).
if (process.argv.includes('--workers')) {
  spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/bench/workers.ts'), ...process.argv.slice(2).filter((a) => a !== '--workers')],
    { stdio: 'inherit' },
  );
  process.exit(0);
}
// --downloads: the whole corpus by its download vs the walk, through the client (scripts/bench/downloads.ts).
if (process.argv.includes('--downloads')) {
  const { status } = spawnSync(process.execPath, [join(ROOT, 'scripts/bench/downloads.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(status ?? 1);
}
// --publisher: the publisher's loop alone (scripts/bench/publisher-loop.ts: dev reload under Chromium, a synthetic import).
if (process.argv.includes('--publisher')) {
  spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/bench/publisher-loop.ts'), ...process.argv.slice(2).filter((a) => a !== '--publisher')],
    { stdio: 'inherit' },
  );
  process.exit(0);
}
const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    soak: { type: 'boolean', default: false },
    'soak-requests': { type: 'string', default: '100000' },
    'soak-builds': { type: 'string', default: String(SOAK_BUILDS_DEFAULTS.rounds) },
    edge: { type: 'boolean', default: false },
    'no-first-search': { type: 'boolean', default: false },
  },
});
const sizes = (values.sizes ?? (values.soak || values.edge ? '' : '355,10000')).split(',').filter(Boolean).map(Number);
const seconds = Number(values.seconds);
const soakRounds = Number(values['soak-builds']);
if (
  sizes.some((n) => !Number.isInteger(n) || n < 1) ||
  !(seconds >= 1) ||
  !Number.isInteger(soakRounds) ||
  soakRounds < 0
) {
  console.error(
    `usage: npm run bench -- [--sizes 355,10000,50000] [--seconds 5] [--soak] [--soak-requests 100000] [--soak-builds 20] [--edge]   (${BUNDLED_SIZE_HELP})`,
  );
  process.exit(2);
}

const QUERIES: FactsQuery[] = QUERY_MIX;
async function corpusFor(size: number): Promise<{ dir: string; label: string; records: number }> {
  if (size === BUNDLED_SIZE) {
    const records = (await readRecords(join(ROOT, 'content/records'), 'http://x')).length;
    return { dir: join(ROOT, 'content/records'), label: `bundled (${records})`, records };
  }
  const dir = corpusDir(size);
  return { dir, label: `synthetic ${size}`, records: size };
}

const results: SizeResult[] = [];
const machine = describeMachine(currentMachine());
const latestFiles = createResultFiles(
  { latest: 'latest', dated: 'bench' },
  `npm run bench -- --sizes ${sizes.join(',')} --seconds ${seconds}${values['no-first-search'] ? ' --no-first-search' : ''}`,
);

/**
 * Writes this run's dated report, and bench/results/latest.* with every size measured so far: sizes not measured in
 * this run keep their earlier figures there.
 */
async function save(): Promise<string> {
  const previous = JSON.parse(
    await readFile(join(ROOT, 'bench/results/latest.json'), 'utf8').catch(() => '{"results":[]}'),
  ) as { results: SizeResult[] };
  const merged = [...previous.results.filter((r) => !results.some((n) => n.size === r.size)), ...results].sort(
    (a, b) => a.size - b.size,
  );
  const report = formatReport(merged, machine, seconds);
  await latestFiles.write({
    json: { results },
    markdown: formatReport(results, machine, seconds),
    latest: { json: { results: merged }, markdown: report },
  });
  return report;
}

for (const size of sizes) {
  const corpus = await corpusFor(size);
  const settings = readSettings({
    CONTENT_DIR: corpus.dir,
    DIST_DIR: join(ROOT, `bench/tmp/dist-${size}`),
    SITE_URL: 'http://127.0.0.1:4399',
  });
  console.log(`\n# ${corpus.label}: building…`);
  const build = await measureBuild(settings, corpus.records);
  console.log(
    `  build ${(build.wallMs / 1000).toFixed(1)} s, ${build.msPerRecord.toFixed(2)} ms/record, peak RSS ${build.peakRssMb.toFixed(0)} MB, ${build.files} files`,
  );
  const manifest = JSON.parse(
    await readFile(join(settings.DIST_DIR, 'search/manifest.json'), 'utf8'),
  ) as SearchManifest;
  const middle = Math.floor(manifest.records / 2);
  const block = JSON.parse(
    await readFile(join(settings.DIST_DIR, `search/docs/${Math.floor(middle / manifest.docsPerBlock)}.json`), 'utf8'),
  ) as DocBlock;
  const id = block[middle % manifest.docsPerBlock]![0];
  // Same-size static copies of the API bodies are written before the server starts, so it serves them like any file.
  const prepared = await prepareHttp(settings.DIST_DIR, await readRecords(corpus.dir, settings.SITE_URL), id, seconds);
  const server = await startServer(settings, { RATE_LIMIT_PER_MINUTE: '1000000000' });
  try {
    console.log(
      `  server ready in ${server.readyMs} ms, RSS ${server.rssMb.toFixed(0)} MB; loading with ${LOAD_GENERATOR} for ${seconds} s each…`,
    );
    const http = await measureHttp(server.base, prepared, seconds);
    const cacheGrowth = await measureCacheGrowth(settings.DIST_DIR);
    console.log(
      `  heap after no-match queries: ${cacheGrowth.steps.map((s) => `${s.queries}: ${s.heapMb.toFixed(1)} MiB`).join(', ')}`,
    );
    const searchFigures = await measureSearch(settings.DIST_DIR, QUERIES);
    console.log('  first search in Chromium (static host, cold cache): this site, then Pagefind on the same pages…');
    const firstSearch = values['no-first-search'] ? undefined : await measureFirstSearch(settings.DIST_DIR);
    if (firstSearch) {
      for (const line of formatFirstSearch(firstSearch)) console.log(`  ${line}`);
      // A static host that shows other results than the API fails the run, whatever the figures.
      if (firstSearch.apiMismatches > 0) process.exitCode = 1;
    }
    results.push({
      size,
      label: corpus.label,
      build,
      server: { readyMs: server.readyMs, rssMb: server.rssMb, firstQueryMs: server.firstQueryMs },
      http,
      cacheGrowth,
      search: searchFigures,
      ...(firstSearch ? { firstSearch } : {}),
    });
    for (const line of formatTargets(corpus.label, http)) console.log(`  ${line}`);
  } finally {
    await server.stop();
  }
  // Saved after each size, so a failure at a larger size keeps the figures measured before it.
  await save();
}
if (sizes.length) console.log(`\n${await save()}`);

if (values.soak) {
  const settings = readSettings({
    CONTENT_DIR: join(ROOT, 'content/records'),
    DIST_DIR: join(ROOT, 'bench/tmp/dist-355'),
    SITE_URL: 'http://127.0.0.1:4399',
  });
  console.log('\n# soak: bundled corpus (built first if needed)…');
  // Built here, outside the soak's heap-capped server: `npm start` under SOAK_HEAP_MB runs out of memory building.
  await buildSite(settings, { quiet: true });
  const figures = await soak(settings, Number(values['soak-requests']));
  console.log(formatSoak(figures));
  const command = `npm run bench -- --soak --soak-requests ${values['soak-requests']} --soak-builds ${soakRounds}`;
  const files = createResultFiles('soak', command);
  // Written before the builds too, so a failure in that phase keeps the figures measured before it.
  await files.write({ json: { ...figures } });
  if (soakRounds > 0) {
    console.log(`\n# soak: ${soakRounds} builds for other addresses beside a running npm start…`);
    const builds = await soakBuilds({ rounds: soakRounds });
    console.log(formatSoakBuilds(builds));
    await files.write({ json: { ...figures, builds } });
  }
}
if (values.edge)
  spawnSync(process.execPath, [join(ROOT, 'scripts/bench/edge/cli.ts'), '--sizes', values.sizes ?? '355,10000'], {
    stdio: 'inherit',
  });
