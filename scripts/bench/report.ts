/** Formats benchmark results as a markdown report with the targets beside the figures. */
import type { SizeResult } from './size-result.ts';
import { LOAD_GENERATOR } from './load/measure-load.ts';
import { RUNS } from './http/measure-http.ts';
import { formatRun, formatTargets, RUN_LABELS } from './http/report-http.ts';

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The report: one column per corpus size. */
export function formatReport(results: SizeResult[], machine: string, seconds: number): string {
  const head = `| figure | ${results.map((r) => r.label).join(' | ')} |`;
  const rule = `|---|${results.map(() => '---:').join('|')}|`;
  const row = (name: string, f: (r: SizeResult) => string) => `| ${name} | ${results.map(f).join(' | ')} |`;
  return [
    `# Benchmark`,
    '',
    `Machine: ${machine}. Load: ${LOAD_GENERATOR === 'wrk' ? 'wrk (one thread)' : 'autocannon (wrk was not found: on a small machine autocannon saturates its own core first, so the fastest targets and every p99 measure the client more than the server)'} from a second process on the same machine, 50 connections, ${seconds} s per target, all against the one server of npm start (static files are exact copies of the API bodies, written to dist/_bench/). Each API target alternates with its static twin in slices of about a second (mean req/s, median p50 / p99 over the slices). Cells: req/s, p50 / p99 latency, and the Content-Encoding received. The repeated search is q=permis, limit 10; the mixed runs take each request from a list of distinct queries made of the corpus's words (limit 10, some with filters), so no answer is served twice. Any failed request stops the bench.`,
    '',
    head,
    rule,
    row('build wall time', (r) => `${(r.build.wallMs / 1000).toFixed(1)} s`),
    row('build ms per record', (r) => ms(r.build.msPerRecord)),
    row('build peak RSS', (r) => `${r.build.peakRssMb.toFixed(0)} MB`),
    row('build peak V8 heap', (r) => `${r.build.peakHeapMb.toFixed(0)} MB`),
    row('output files', (r) => String(r.build.files)),
    row('largest output file', (r) => `${mb(r.build.largest.bytes)} (${r.build.largest.path})`),
    row(
      'index, all files: raw / gzip / brotli',
      (r) => `${kb(r.build.index.raw)} / ${kb(r.build.index.gzip)} / ${kb(r.build.index.brotli)}`,
    ),
    row('search files; largest term file / document block (brotli); term files over 50 KB brotli', (r) =>
      r.build.shards
        ? `${r.build.shards.files}; ${kb(r.build.shards.largestTermBrotli)} / ${kb(r.build.shards.largestDocsBrotli)}; ${r.build.shards.termFilesOver50k ?? 'n/a'}`
        : 'n/a',
    ),
    row('server ready (index loaded)', (r) => `${r.server.readyMs} ms`),
    row('server: spawn to first /facts?q= answered', (r) =>
      r.server.firstQueryMs === undefined ? 'n/a' : `${r.server.firstQueryMs.toFixed(0)} ms`,
    ),
    row('server RSS once loaded', (r) => `${r.server.rssMb.toFixed(0)} MB`),
    row('first search, static host, Chromium cold cache: this site, median bytes / ms', (r) =>
      r.firstSearch ? `${kb(r.firstSearch.site.medianBytes)} / ${r.firstSearch.site.medianMs.toFixed(0)} ms` : 'n/a',
    ),
    row('first search: Pagefind on the same pages, median bytes / ms', (r) =>
      r.firstSearch
        ? `${kb(r.firstSearch.pagefind.medianBytes)} / ${r.firstSearch.pagefind.medianMs.toFixed(0)} ms`
        : 'n/a',
    ),
    row('first search: same ids, order, total and suggestions as the API (queries)', (r) =>
      r.firstSearch
        ? r.firstSearch.apiMismatches === undefined
          ? 'not checked'
          : r.firstSearch.apiMismatches === 0
            ? `${r.firstSearch.site.queries.length} of ${r.firstSearch.site.queries.length}`
            : `**${r.firstSearch.apiMismatches} DIFFER**`
        : 'n/a',
    ),
    row('first search bytes: target ≤ Pagefind, ≤ 300 KB at 50,000', (r) =>
      r.firstSearch
        ? r.firstSearch.site.medianBytes <= r.firstSearch.pagefind.medianBytes &&
          (r.size < 50_000 || r.firstSearch.site.medianBytes <= 300_000)
          ? 'met'
          : 'missed'
        : 'n/a',
    ),
    ...RUNS.map((run) => row(RUN_LABELS[run], (r) => formatRun(r.http, run))),
    row('/facts?q= answer: raw / br bytes', (r) =>
      r.http ? `${r.http.bytes.search} / ${r.http.bytes.searchBr}` : '–',
    ),
    row('/facts/{id} answer: raw / br bytes', (r) =>
      r.http ? `${r.http.bytes.record} / ${r.http.bytes.recordBr}` : '–',
    ),
    row('heap after 0 / 20k / 40k / 60k no-match queries (in process)', (r) =>
      r.cacheGrowth ? `${r.cacheGrowth.steps.map((s) => s.heapMb.toFixed(1)).join(' / ')} MiB` : '–',
    ),
    row('distinct mixed queries prepared', (r) => (r.http ? String(r.http.mixedQueries) : '–')),
    row('search alone, uncached, p50 / p99', (r) => `${ms(r.search.p50)} / ${ms(r.search.p99)} ms`),
    row('engine open in process (manifest + listing)', (r) => `${r.search.loadMs.toFixed(0)} ms`),
    row('first query after open (shards from disk)', (r) =>
      r.search.firstQueryMs === undefined ? 'n/a' : `${ms(r.search.firstQueryMs)} ms`,
    ),
    '',
    '## Targets (issue 10)',
    '',
    '| corpus | target | figure | result |',
    '|---|---|---|---|',
    ...results.flatMap((r) => (r.http ? formatTargets(r.label, r.http) : [])),
    '',
  ].join('\n');
}
