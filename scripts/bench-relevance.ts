/**
 * npm run bench:relevance [-- --no-pagefind] [-- --verbose] [-- --dist DIR]
 * Scores this API and Pagefind on the judged query set (bench/relevance/queries.yaml): recall@10, MRR and
 * nDCG@10 per category and overall, the issue's targets, and did-you-mean on the typo queries. Writes
 * bench/results/relevance.md and relevance.json. By default it reads the test build (.cache/test-dist).
 */
import { answerHelp } from './lib/cli-help.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTestBuild } from '../tests/support/test-build.ts';
import { readFullListing } from '../src/lib/search/shard-store.ts';
import { CATEGORIES, readJudgments } from './bench/relevance/judgments.ts';
import { evaluate, mean, type Figures } from './bench/relevance/metrics.ts';
import { apiRunner, type ApiAnswer } from './bench/relevance/api-runner.ts';
import { runPagefind } from './bench/relevance/pagefind-runner.ts';
import { comparisonTargets, renderReport, type Row, type Target } from './bench/relevance/report.ts';

answerHelp(`usage: npm run bench:relevance -- [--no-pagefind] [--verbose] [--dist DIR]

Scores the API and Pagefind on the judged query set (bench/relevance/queries.yaml) and writes
bench/results/relevance.md and relevance.json (docs/search.md#relevance).
  --no-pagefind   score the API alone
  --verbose       print every query's results
  --dist DIR      score this build instead of the test build (.cache/test-dist)`);

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { 'no-pagefind': { type: 'boolean' }, verbose: { type: 'boolean' }, dist: { type: 'string' } } });

const dist = args.dist ? resolve(args.dist) : (await ensureTestBuild()).DIST_DIR;
const listing = await readFullListing((path) => readFile(join(dist, path), 'utf8'));
const queries = await readJudgments(join(ROOT, 'bench/relevance/queries.yaml'), new Set(listing.ids));

const api = apiRunner(dist);
const answers = new Map<string, ApiAnswer>();
for (const query of queries) answers.set(query.id, await api(query));
const pagefind = args['no-pagefind'] ? undefined : await runPagefind(dist, queries);

const scored = queries.map((query) => ({
  query,
  api: evaluate(answers.get(query.id)!.ids, query.relevant),
  pagefind: pagefind ? evaluate(pagefind.get(query.id)!, query.relevant) : undefined,
}));

const rowOf = (category: string, of: typeof scored): Row => ({
  category,
  queries: of.length,
  api: mean(of.map((s) => s.api)),
  pagefind: pagefind ? mean(of.map((s) => s.pagefind!)) : undefined,
});
const rows = [...CATEGORIES.map((c) => rowOf(c, scored.filter((s) => s.query.category === c))), rowOf('overall', scored)];

/** Did-you-mean: a suggestion is useful when the API, asked it, lists a record graded 2 in its first 10. */
async function didYouMean(): Promise<{ target: Target; lines: string[] }> {
  const typos = queries.filter((q) => q.category === 'typos');
  let offered = 0;
  let useful = 0;
  const lines: string[] = [];
  for (const query of typos) {
    const suggestion = answers.get(query.id)!.suggestions[0];
    if (suggestion === undefined) continue;
    offered += 1;
    const top = (await api({ ...query, q: suggestion })).ids.slice(0, 10);
    const ok = top.some((id) => query.relevant[id] === 2);
    if (ok) useful += 1;
    lines.push(`did-you-mean "${query.q}" -> "${suggestion}" (meant "${query.correction}"): ${ok ? 'useful' : 'not useful'}`);
  }
  const name = 'typos: did-you-mean turns at least half of the typo queries into a useful suggestion';
  if (!scored.some((s) => answers.get(s.query.id)!.suggestions.length > 0)) {
    return { target: { name, result: 'the API answer has no did-you-mean field yet', met: undefined }, lines };
  }
  return { target: { name, result: `${useful} of ${typos.length} useful (${offered} offered)`, met: useful * 2 >= typos.length }, lines };
}

const dym = await didYouMean();
const targets: Target[] = pagefind ? [...comparisonTargets(rows), dym.target] : [dym.target];
const notes = [
  `API: ${relative(ROOT, dist) || '.'} (relative to the project), the same handler and search module as /api/v1/facts; Pagefind ${pagefind ? 'indexes the same record pages (default settings, region/kind as Pagefind filters), searched in Chromium' : 'skipped (--no-pagefind)'}.`,
  'recall@10 over judged records (capped at 10); MRR: first record graded 2 within 100; nDCG@10 with gains 2^grade - 1.',
  ...dym.lines,
];
const report = renderReport(rows, targets, notes);
console.log(report);

if (args.verbose) {
  const fmt = (f: Figures | undefined) => (f ? `R ${f.recall10.toFixed(2)} MRR ${f.mrr.toFixed(2)}` : '');
  for (const s of scored) {
    const mark = (ids: string[]) => ids.slice(0, 10).map((id) => `${id}${s.query.relevant[id] ? `(${s.query.relevant[id]})` : ''}`).join(' ');
    console.log(`\n[${s.query.category}] ${s.query.id} "${s.query.q}" API ${fmt(s.api)} | Pagefind ${fmt(s.pagefind)}`);
    console.log(`  api: ${mark(answers.get(s.query.id)!.ids)} (total ${answers.get(s.query.id)!.total})`);
    if (pagefind) console.log(`  pf:  ${mark(pagefind.get(s.query.id)!)}`);
  }
}

if (!args['no-pagefind'] && !args.dist) {
  await mkdir(join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results/relevance.md'), `# Relevance: this API and Pagefind on bench/relevance/queries.yaml\n\n${report}`);
  const perQuery = scored.map((s) => ({ id: s.query.id, category: s.query.category, api: s.api, pagefind: s.pagefind, apiTop10: answers.get(s.query.id)!.ids.slice(0, 10), pagefindTop10: pagefind?.get(s.query.id)!.slice(0, 10) }));
  await writeFile(join(ROOT, 'bench/results/relevance.json'), `${JSON.stringify({ rows, targets, queries: perQuery }, null, 2)}\n`);
}
// Exit code 0 either way: targets are reported, not enforced (the lead re-measures on a quiet machine).
