/** Formats benchmark results as a markdown report with the targets beside the figures. */
import type { SizeResult } from '../bench.ts';

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const pct = (a: number, b: number) => `${Math.round((100 * a) / b)} %`;

/** The report: one column per corpus size. */
export function formatReport(results: SizeResult[], machine: string, seconds: number): string {
  const head = `| figure | ${results.map((r) => r.label).join(' | ')} |`;
  const rule = `|---|${results.map(() => '---:').join('|')}|`;
  const row = (name: string, f: (r: SizeResult) => string) => `| ${name} | ${results.map(f).join(' | ')} |`;
  return [
    `# Benchmark`,
    '',
    `Machine: ${machine}. Load: autocannon from a second process on the same machine, 50 connections, ${seconds} s per target; the query mix cycles through ten queries (one to three words, common and rare, with and without filters), limit 10 unless stated. Any failed request stops the bench.`,
    '',
    head,
    rule,
    row('build wall time', (r) => `${(r.build.wallMs / 1000).toFixed(1)} s`),
    row('build ms per record', (r) => ms(r.build.msPerRecord)),
    row('build peak RSS', (r) => `${r.build.peakRssMb.toFixed(0)} MB`),
    row('build peak V8 heap', (r) => `${r.build.peakHeapMb.toFixed(0)} MB`),
    row('output files', (r) => String(r.build.files)),
    row('largest output file', (r) => `${mb(r.build.largest.bytes)} (${r.build.largest.path})`),
    row('index, all files: raw / gzip / brotli', (r) => `${kb(r.build.index.raw)} / ${kb(r.build.index.gzip)} / ${kb(r.build.index.brotli)}`),
    row('browser search: mode, download (brotli)', (r) => `${r.build.browserSearch.mode}, ${kb(r.build.browserSearch.brotli)}`),
    row('server ready (index loaded)', (r) => `${r.server.readyMs} ms`),
    row('server RSS once loaded', (r) => `${r.server.rssMb.toFixed(0)} MB`),
    row('static file: req/s, p50, p99', (r) => `${r.load.staticFile.rps.toFixed(0)}, ${r.load.staticFile.p50} ms, ${r.load.staticFile.p99} ms`),
    row('/facts/{id}: req/s, p50, p99', (r) => `${r.load.record.rps.toFixed(0)}, ${r.load.record.p50} ms, ${r.load.record.p99} ms`),
    row('/facts/{id} vs static', (r) => pct(r.load.record.rps, r.load.staticFile.rps)),
    row('/facts?q=: req/s, p50, p99', (r) => `${r.load.search.rps.toFixed(0)}, ${r.load.search.p50} ms, ${r.load.search.p99} ms`),
    row('/facts?q= vs static (req/s)', (r) => pct(r.load.search.rps, r.load.staticFile.rps)),
    row('/facts?q= vs static (bytes/s)', (r) => pct(r.load.search.bytesPerSecond, r.load.staticFile.bytesPerSecond)),
    row('/facts?q=&limit=1: req/s, p50, p99', (r) => `${r.load.searchOne.rps.toFixed(0)}, ${r.load.searchOne.p50} ms, ${r.load.searchOne.p99} ms`),
    row('/facts?q=&limit=1 vs static', (r) => pct(r.load.searchOne.rps, r.load.staticFile.rps)),
        row('search alone, uncached, p50 / p99', (r) => `${ms(r.search.p50)} / ${ms(r.search.p99)} ms`),
    row('index load in process', (r) => `${r.search.loadMs.toFixed(0)} ms`),
    '',
  ].join('\n');
}
