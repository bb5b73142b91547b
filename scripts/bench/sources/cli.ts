/**
 * `npm run bench:sources`: `npm run check:sources`'s check over the bundled records against a local mirror (127.0.0.1)
 * with the default politeness and real waits, one host answering in 4 s and one allowing one request a second (429,
 * Retry-After: 1); then a second run within the maximum age. Prints the figures; false "dead" must be 0.
 */
import { mkdtemp } from 'node:fs/promises';
import { cpus } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerHelp } from '../../lib/cli-help.ts';
import { CHECK_SOURCES_DEFAULTS, checkAll } from '../../lib/sources/check-all.ts';
import { extractLinks } from '../../lib/sources/extract-links.ts';
import { buildReport, summaryLine } from '../../lib/sources/report.ts';
import { ResultCache } from '../../lib/sources/result-cache.ts';
import { busiestHosts, startMirror } from './mirror.ts';

answerHelp(
  `usage: npm run bench:sources

Runs the sources check over content/records against a local mirror (a 4 s host, a host allowing one request a
second), default politeness, real waits; then again within the maximum age. Prints the figures (docs/publishing.md).`,
  process.argv.slice(2),
);

const uses = await extractLinks('content/records');
const real = uses.filter((u) => !u.fictional).map((u) => u.url);
const [slowHost, limitedHost] = busiestHosts(real);
const mirror = await startMirror({ slowHost, slowMs: 4000, limitedHost, limit: 'per-second' });
const cache = await ResultCache.open(join(await mkdtemp(join(tmpdir(), 'permis-bench-sources-')), 'sources.json'));
const options = CHECK_SOURCES_DEFAULTS;
let started = performance.now();
const first = await checkAll(uses, options, { cache, fetch: mirror.fetch });
const firstMs = performance.now() - started;
const report = buildReport(uses, first.results, first, options.slowMs, new Date());
const refused = mirror.stats.refused;
started = performance.now();
const second = await checkAll(uses, options, { cache: await ResultCache.open(cache.path), fetch: mirror.fetch });
const secondMs = performance.now() - started;
await mirror.close();
console.log(
  `machine: ${cpus().length} cores (shared), Node ${process.version}; slow host ${slowHost} (4 s), rate-limited host ${limitedHost} (1 request/s)`,
);
console.log(`first run:  ${(firstMs / 1000).toFixed(1)} s, ${summaryLine(report)}; 429 answers honoured: ${refused}`);
console.log(
  `second run: ${Math.round(secondMs)} ms, ${second.requests} requests, ${second.fromCache} results from the cache`,
);
process.exit(report.dead.length === 0 && report.unverified.length === 0 && second.requests === 0 ? 0 : 1);
