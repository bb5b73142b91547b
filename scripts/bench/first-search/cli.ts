/** `node scripts/bench/first-search/cli.ts [--dist DIR]`: the first-search comparison alone, on an existing build (default: the test build). */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTestBuild } from '../../../tests/support/test-build.ts';
import { measureFirstSearch } from './measure-first-search.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = values.dist ? resolve(values.dist) : (await ensureTestBuild()).DIST_DIR;
const figures = await measureFirstSearch(dist);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const engine of ['site', 'pagefind'] as const) {
  console.log(`\n${engine}: median ${kb(figures[engine].medianBytes)}, ${figures[engine].medianMs.toFixed(0)} ms`);
  for (const q of figures[engine].queries) console.log(`  ${q.q.padEnd(24)} ${kb(q.bytes).padStart(10)} in ${String(q.requests).padStart(3)} requests, ${q.ms.toFixed(0).padStart(5)} ms, ${q.results} results`);
}
