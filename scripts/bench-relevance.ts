/**
 * npm run bench:relevance [-- --no-pagefind] [-- --verbose] [-- --dist DIR]
 * Scores, on the judged query set (bench/relevance/queries.yaml), what the site shows a person (the API's answer with
 * the records lacking one word blended into its first page by blend.ts, or, when it finds nothing, its first
 * suggestion's results followed, when fewer than a page, by relaxed.ts's records, as the search page shows them), the API's raw answer,
 * Pagefind and plain MiniSearch (prefix, fuzzy 0.2): recall@10, MRR, nDCG@10 and the share of queries showing
 * nothing, per category and overall, the issue's targets, and did-you-mean on the typo queries. Writes
 * bench/results/relevance.md and relevance.json. By default it reads the test build (.cache/test-dist).
 */
import { answerHelp } from './lib/cli-help.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTestBuild } from '../tests/support/test-build.ts';
import { readFullListing, openSearchEngine, relaxedFill, blendFirstPage, MISSING_POWER } from '../src/lib/search/index.ts';
import { CATEGORIES, readJudgments } from './bench/relevance/judgments.ts';
import { evaluate, mean } from './bench/relevance/metrics.ts';
import { apiRunner, type ApiAnswer } from './bench/relevance/api-runner.ts';
import { runPagefind } from './bench/relevance/pagefind-runner.ts';
import { ENGINES, relevanceTargets, renderReport, type Engine, type Row, type Target } from './bench/relevance/report.ts';
import { runMiniSearch } from './bench/relevance/minisearch-runner.ts';
import { readDist } from '../src/adapters/read-dist.ts';
import { PAGE_SIZE } from '../src/browser/search-state.ts';

answerHelp(`usage: npm run bench:relevance -- [--no-pagefind] [--verbose] [--dist DIR] [--blend-power P]

Scores the site, the API, Pagefind and plain MiniSearch on the judged query sets (bench/relevance/queries.yaml) and writes
bench/results/relevance.md and relevance.json (docs/search.md#relevance).
  --no-pagefind   skip Pagefind
  --verbose       print every query's results
  --dist DIR      score this build instead of the test build (.cache/test-dist)
  --blend-power P the site's penalty of a record lacking words, share of words held ^ P (default ${MISSING_POWER};
                  src/lib/search/blend.ts); with another value the results files are not written`);

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { 'no-pagefind': { type: 'boolean' }, verbose: { type: 'boolean' }, dist: { type: 'string' }, 'blend-power': { type: 'string' } } });
const power = args['blend-power'] === undefined ? MISSING_POWER : Number(args['blend-power']);
if (!Number.isFinite(power) || power < 0) throw new Error(`--blend-power must be a number of at least 0, got "${args['blend-power']}"`);

const settings = await ensureTestBuild();
const dist = args.dist ? resolve(args.dist) : settings.DIST_DIR;
const listing = await readFullListing((path) => readFile(join(dist, path), 'utf8'));
const queries = await readJudgments(join(ROOT, 'bench/relevance/queries.yaml'), new Set(listing.ids));

const api = apiRunner(dist);
// The search page's own engine, for what it adds to a short first page (relaxed.ts, the function the page calls).
const engine = await openSearchEngine(readDist(dist));
const answers = new Map<string, ApiAnswer>();
const shown = new Map<string, string[]>();
for (const query of queries) {
  const answer = await api(query);
  answers.set(query.id, answer);
  // The search page shows the first suggestion's results at once when the query itself finds nothing; when it finds
  // fewer than a page, the exact matches, then the best relaxed query's results up to a page ("Missing: …").
  if (answer.total === 0 && answer.suggestions[0] !== undefined) {
    const instead = await api({ ...query, q: answer.suggestions[0] });
    // Fewer than a page for the suggestion too: the page adds the other shortenings' records (relaxed.ts).
    const others = (await engine.suggest(query)).slice(1);
    const fill = instead.total < PAGE_SIZE ? await relaxedFill(engine, query, instead.ids, PAGE_SIZE - instead.ids.length, others) : undefined;
    shown.set(query.id, [...instead.ids, ...(fill?.cards.map((c) => c.id) ?? [])]);
  } else if (answer.total > 0) {
    // The first page blends the best shortening's records among the exact matches by score (blend.ts); the later
    // pages list the exact matches after those the first page showed.
    const first = await engine.search({ ...query, limit: PAGE_SIZE, offset: 0 });
    const blend = await blendFirstPage(engine, query, first, PAGE_SIZE, power);
    shown.set(query.id, blend ? [...blend.items.map((i) => i.card.id), ...answer.ids.slice(blend.exactShown)] : answer.ids);
  } else shown.set(query.id, answer.ids);
}
const rankings: Partial<Record<Engine, Map<string, string[]> | undefined>> = {
  site: shown,
  api: new Map([...answers].map(([id, answer]) => [id, answer.ids])),
  pagefind: args['no-pagefind'] ? undefined : await runPagefind(dist, queries),
  minisearch: args.dist ? undefined : await runMiniSearch(settings.CONTENT_DIR, settings.SITE_URL, queries),
};
const pagefind = rankings.pagefind;

const scored = queries.map((query) => ({
  query,
  figures: Object.fromEntries(ENGINES.filter((e) => rankings[e]).map((e) => [e, { ...evaluate(rankings[e]!.get(query.id)!, query.relevant), zero: rankings[e]!.get(query.id)!.length === 0 ? 1 : 0 }])) as Row['figures'],
}));

const rowOf = (category: string, of: typeof scored): Row => ({
  category,
  queries: of.length,
  figures: Object.fromEntries(ENGINES.filter((e) => rankings[e]).map((e) => [e, { ...mean(of.map((s) => s.figures[e]!)), zero: of.reduce((n, s) => n + s.figures[e]!.zero, 0) / Math.max(1, of.length) }])) as Row['figures'],
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
  if (![...answers.values()].some((a) => a.suggestions.length > 0)) {
    return { target: { name, result: 'the API answer has no did-you-mean field yet', met: undefined }, lines };
  }
  return { target: { name, result: `${useful} of ${typos.length} useful (${offered} offered)`, met: useful * 2 >= typos.length }, lines };
}

const dym = await didYouMean();
const targets: Target[] = [...relevanceTargets(rows), dym.target];
const notes = [
  `API: ${relative(ROOT, dist) || '.'} (relative to the project), the same handler and search module as /api/v1/facts; site: what the search page shows, in order: when the query finds something, its first page of ${PAGE_SIZE} with the records lacking one word blended in by score (src/lib/search/blend.ts, "Sans : …", penalty share^${power}), then the exact matches of the later pages; when it finds nothing, its first suggestion's results, then, when those are fewer than ${PAGE_SIZE}, the other shortenings' records (src/lib/search/relaxed.ts), up to ${PAGE_SIZE} in all; Pagefind ${pagefind ? 'indexes the same record pages (default settings, region/kind as Pagefind filters), searched in Chromium' : 'skipped (--no-pagefind)'}; MiniSearch: the same fields, boosts and normalisation, with prefix, fuzzy 0.2 and OR (scripts/bench/relevance/minisearch-runner.ts).`,
  'recall@10 over judged records (capped at 10); MRR: first record graded 2 within 100; nDCG@10 with gains 2^grade - 1.',
  ...dym.lines,
];
const report = renderReport(rows, targets, notes);
console.log(report);

if (args.verbose) {
  const fmt = (f: Row['figures'][Engine]) => (f ? `R ${f.recall10.toFixed(3)} MRR ${f.mrr.toFixed(3)}` : '');
  for (const s of scored) {
    const mark = (ids: string[]) => ids.slice(0, 10).map((id) => `${id}${s.query.relevant[id] ? `(${s.query.relevant[id]})` : ''}`).join(' ');
    console.log(`\n[${s.query.category}] ${s.query.id} "${s.query.q}" ${ENGINES.filter((e) => rankings[e]).map((e) => `${e} ${fmt(s.figures[e])}`).join(' | ')}`);
    console.log(`  api total ${answers.get(s.query.id)!.total}${answers.get(s.query.id)!.suggestions.length ? `, suggestions: ${answers.get(s.query.id)!.suggestions.join(' / ')}` : ''}`);
    for (const e of ENGINES) if (rankings[e]) console.log(`  ${e.padEnd(10)} ${mark(rankings[e]!.get(s.query.id)!)}`);
  }
}

if (!args['no-pagefind'] && !args.dist && power === MISSING_POWER) {
  await mkdir(join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results/relevance.md'), `# Relevance on bench/relevance/queries.yaml: the site, the API, Pagefind, MiniSearch\n\n${report}`);
  const perQuery = scored.map((s) => ({ id: s.query.id, category: s.query.category, figures: s.figures, top10: Object.fromEntries(ENGINES.filter((e) => rankings[e]).map((e) => [e, rankings[e]!.get(s.query.id)!.slice(0, 10)])) }));
  await writeFile(join(ROOT, 'bench/results/relevance.json'), `${JSON.stringify({ rows, targets, queries: perQuery }, null, 2)}\n`);
}
// Exit code 0 either way: targets are reported, not enforced (the lead re-measures on a quiet machine).
