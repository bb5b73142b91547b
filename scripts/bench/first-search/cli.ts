/**
 * `node scripts/bench/first-search/cli.ts [--dist DIR]`: the first-search comparison alone, on an existing build
 * (default: the test build). Exits 1 when the page showed anything other than the API's answer for a query.
 */
import { answerHelp } from '../../lib/cli-help.ts';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTestBuild } from '../../../tests/support/test-build.ts';
import { formatFirstSearch } from './format.ts';
import { measureFirstSearch } from './measure-first-search.ts';

answerHelp(`usage: node scripts/bench/first-search/cli.ts [--dist DIR]

A first search on a plain static host in Chromium, cold cache: this site's search files against Pagefind on the
same pages, and the same results as the API (exit 1 if they differ).
  --dist DIR   the build to measure (default: the test build, .cache/test-dist)
Environment: CHROMIUM_PATH, the browser (default /usr/bin/chromium).`);

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = values.dist ? resolve(values.dist) : (await ensureTestBuild()).DIST_DIR;
const figures = await measureFirstSearch(dist);
console.log(formatFirstSearch(figures).join('\n'));
if (figures.apiMismatches > 0) process.exitCode = 1;
