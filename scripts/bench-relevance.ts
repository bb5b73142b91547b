/**
 * npm run bench:relevance [-- --set held-out|held-out-2|tuning|all] [-- --no-pagefind] [-- --verbose] [-- --dist DIR]
 * Scores, on the judged query sets side by side (bench/relevance/held-out.yaml, the figures that count, the second
 * held-out set held-out-2.yaml, and queries.yaml, the tuning set), what the site shows a person (the pages the search page lists, from the function it
 * calls: bench/relevance/site-runner.ts), the API's raw answer, Pagefind and plain
 * MiniSearch (prefix, fuzzy 0.2): recall@10, MRR, nDCG@10 and the queries whose first page is empty, per category and
 * overall, the site's lead over the best other engine, each set's targets, and did-you-mean on the typo queries.
 * Prints the machine and the command, and writes bench/results/relevance.md and .json and their dated copies
 * relevance-YYYY-MM-DD.md and .json. By default it reads the test build (.cache/test-dist).
 */
import { answerHelp } from './lib/cli-help.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureTestBuild } from '../tests/support/test-build.ts';
import { readFullListing, openSearchEngine, MISSING_POWER } from '../src/lib/search/index.ts';
import {
  CATEGORIES,
  JUDGED_SETS,
  readJudgments,
  recordsOfListing,
  type JudgedQuery,
  type JudgedSetName,
} from './bench/relevance/judgments.ts';
import { evaluate, mean } from './bench/relevance/metrics.ts';
import { apiRunner, type ApiAnswer } from './bench/relevance/api-runner.ts';
import { runPagefind } from './bench/relevance/pagefind-runner.ts';
import {
  ENGINES,
  heldOutTargets,
  relevanceTargets,
  renderSummary,
  renderTables,
  renderTargets,
  leadRow,
  renderLeads,
  type LeadRow,
  type Engine,
  type Row,
  type Target,
} from './bench/relevance/report.ts';
import { runMiniSearch } from './bench/relevance/minisearch-runner.ts';
import { readDist } from '../src/adapters/builds/read-dist.ts';
import { siteRanking } from './bench/relevance/site-runner.ts';

answerHelp(`usage: npm run bench:relevance -- [--set held-out|held-out-2|tuning|all] [--no-pagefind] [--verbose] [--dist DIR]

Scores the site, the API, Pagefind and plain MiniSearch on the judged query sets side by side: the held-out set
(bench/relevance/held-out.yaml, the figures that count, never tuned on), the second held-out set
(bench/relevance/held-out-2.yaml, written later, never tuned on either) and the tuning set (bench/relevance/queries.yaml).
Writes bench/results/relevance.md and relevance.json and their dated copies relevance-YYYY-MM-DD.md and .json (-2, -3… for later runs of the day)
(docs/search.md#relevance).
  --set S         score one set only: held-out, held-out-2 or tuning (default all); the results files are then not written
  --no-pagefind   skip Pagefind
  --verbose       print every query's results, of the tuning set only (the held-out sets report aggregates only)
  --dist DIR      score this build instead of the test build (.cache/test-dist)`);

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    set: { type: 'string' },
    'no-pagefind': { type: 'boolean' },
    verbose: { type: 'boolean' },
    dist: { type: 'string' },
  },
});
const SET_NAMES = Object.keys(JUDGED_SETS) as JudgedSetName[];
if (args.set !== undefined && args.set !== 'all' && !SET_NAMES.includes(args.set as JudgedSetName)) {
  throw new Error(`--set must be one of ${[...SET_NAMES, 'all'].join(', ')}, got "${args.set}"`);
}
const setNames = args.set === undefined || args.set === 'all' ? SET_NAMES : [args.set as JudgedSetName];

const settings = await ensureTestBuild();
const dist = args.dist ? resolve(args.dist) : settings.DIST_DIR;
const listing = await readFullListing((path) => readFile(join(dist, path), 'utf8'));
const records = recordsOfListing(listing);
const sets = await Promise.all(
  setNames.map(async (name) => ({ name, queries: await readJudgments(join(ROOT, JUDGED_SETS[name].file), records) })),
);
const queries = sets.flatMap((s) => s.queries);
const repeated = queries.find((q, i) => queries.findIndex((o) => o.id === q.id) !== i);
if (repeated) throw new Error(`query id "${repeated.id}" is in two judged sets`);

const api = apiRunner(dist);
// The search page's own engine and its own function (sitePage, site-runner.ts): the bench scores what the page lists.
const engine = await openSearchEngine(readDist(dist));
const answers = new Map<string, ApiAnswer>();
const shown = new Map<string, string[]>();
for (const query of queries) {
  answers.set(query.id, await api(query));
  shown.set(query.id, await siteRanking(engine, query));
}
// Pagefind and MiniSearch index once and run the queries of every set (their ids are distinct across the sets).
const rankings: Partial<Record<Engine, Map<string, string[]> | undefined>> = {
  site: shown,
  api: new Map([...answers].map(([id, answer]) => [id, answer.ids])),
  pagefind: args['no-pagefind'] ? undefined : await runPagefind(dist, queries),
  minisearch: args.dist ? undefined : await runMiniSearch(settings.CONTENT_DIR, settings.SITE_URL, queries),
};
const pagefind = rankings.pagefind;
const ran = ENGINES.filter((e) => rankings[e]);

type Scored = { query: JudgedQuery; figures: Row['figures'] };
const scoreOf = (query: JudgedQuery): Scored => ({
  query,
  figures: Object.fromEntries(
    ran.map((e) => [
      e,
      {
        ...evaluate(rankings[e]!.get(query.id)!, query.relevant),
        zero: rankings[e]!.get(query.id)!.length === 0 ? 1 : 0,
      },
    ]),
  ) as Row['figures'],
});
const rowOf = (category: string, of: readonly Scored[]): Row => ({
  category,
  queries: of.length,
  figures: Object.fromEntries(
    ran.map((e) => [
      e,
      {
        ...mean(of.map((s) => s.figures[e]!)),
        zero: of.reduce((n, s) => n + s.figures[e]!.zero, 0) / Math.max(1, of.length),
      },
    ]),
  ) as Row['figures'],
});

/** Did-you-mean: a suggestion is useful when the API, asked it, lists a record graded 2 in its first 10. */
async function didYouMean(of: readonly JudgedQuery[]): Promise<{ target: Target; lines: string[] }> {
  const typos = of.filter((q) => q.category === 'typos');
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
    lines.push(
      `did-you-mean "${query.q}" -> "${suggestion}" (meant "${query.correction}"): ${ok ? 'useful' : 'not useful'}`,
    );
  }
  const name = 'typos: did-you-mean turns at least half of the typo queries into a useful suggestion';
  if (![...answers.values()].some((a) => a.suggestions.length > 0)) {
    return { target: { name, result: 'the API answer has no did-you-mean field yet', met: undefined }, lines };
  }
  return {
    target: {
      name,
      result: `${useful} of ${typos.length} useful (${offered} offered)`,
      met: useful * 2 >= typos.length,
    },
    lines,
  };
}

/**
 * Whether a set's results may be read query by query. A held-out set's may not: it reports aggregates only (no
 * per-query lines, suggestions or rankings, in the output or in the results files), so that nobody tunes to it.
 */
const perQuery = (name: JudgedSetName) => !JUDGED_SETS[name].heldOut;

const results = [];
for (const set of sets) {
  const scored = set.queries.map(scoreOf);
  const rows = [
    ...CATEGORIES.filter((c) => scored.some((s) => s.query.category === c)).map((c) =>
      rowOf(
        c,
        scored.filter((s) => s.query.category === c),
      ),
    ),
    rowOf('overall', scored),
  ];
  const leads = rows
    .map((row) =>
      leadRow(
        row.category,
        scored.filter((s) => row.category === 'overall' || s.query.category === row.category).map((s) => s.figures),
      ),
    )
    .filter((lead): lead is LeadRow => lead !== undefined);
  const dym = await didYouMean(set.queries);
  const targets = [...(JUDGED_SETS[set.name].heldOut ? heldOutTargets(rows) : relevanceTargets(rows)), dym.target];
  results.push({ ...set, scored, rows, leads, targets, didYouMean: perQuery(set.name) ? dym.lines : [] });
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
const command = `npm run bench:relevance${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const date = new Date().toISOString();
const notes = [
  `API: ${relative(ROOT, dist) || '.'} (relative to the project), the same handler and search module as /api/v1/facts; site: what the search page lists on a submitted search, its pages in order (sitePage, src/lib/search/assist/site-page.ts, the function the page calls: the last word completed as a prefix unless it is a complete word of the index, records lacking a word blended into the first page by score, penalty share^${MISSING_POWER}, or, when the query finds nothing, its confident correction's results; a first page still short of a page ends with records holding some of the words, partial-fill.ts); Pagefind ${pagefind ? 'indexes the same record pages (default settings, region/kind as Pagefind filters), searched in Chromium' : 'skipped (--no-pagefind)'}; MiniSearch: the same fields, boosts and normalisation, with prefix, fuzzy 0.2 and OR (scripts/bench/relevance/minisearch-runner.ts).`,
  'recall@10 over judged records (capped at 10); MRR: first record graded 2 within 100; nDCG@10 with gains 2^grade - 1; site − best other: the site minus the better of Pagefind and MiniSearch. The figures are deterministic (no timing).',
];
const sections = [
  `Machine: ${machine}. Command: \`${command}\`. Date: ${date}.`,
  '',
  ...(results.length > 1
    ? ['## Overall, every set', '', renderSummary(results.map((r) => ({ name: r.name, rows: r.rows })))]
    : []),
  ...results.flatMap((r) => [
    `## ${JUDGED_SETS[r.name].title}: ${r.queries.length} queries (${JUDGED_SETS[r.name].file})`,
    '',
    renderTables(r.rows),
    ...(r.leads.length ? [renderLeads(r.leads)] : []),
    renderTargets(r.targets),
    ...(r.didYouMean.length ? ['', ...r.didYouMean.map((l) => `- ${l}`), ''] : ['']),
  ]),
  ...notes.map((n) => `- ${n}`),
];
const report = `${sections.join('\n')}\n`.replace(/\n{3,}/g, '\n\n');
console.log(report);

if (args.verbose) {
  const fmt = (f: Row['figures'][Engine]) => (f ? `R ${f.recall10.toFixed(3)} MRR ${f.mrr.toFixed(3)}` : '');
  for (const r of results) {
    if (!perQuery(r.name)) {
      // Aggregates only (bench/relevance/README.md), at full precision for scripts (scripts/bench/language/cli.ts).
      for (const row of r.rows)
        console.log(
          `\n[${r.name} ${row.category}] ${row.queries} queries ${ran.map((e) => `${e} ${fmt(row.figures[e])}`).join(' | ')}`,
        );
      continue;
    }
    for (const s of r.scored) {
      const mark = (ids: string[]) =>
        ids
          .slice(0, 10)
          .map((id) => `${id}${s.query.relevant[id] ? `(${s.query.relevant[id]})` : ''}`)
          .join(' ');
      console.log(
        `\n[${r.name} ${s.query.category}] ${s.query.id} "${s.query.q}" ${ran.map((e) => `${e} ${fmt(s.figures[e])}`).join(' | ')}`,
      );
      console.log(
        `  api total ${answers.get(s.query.id)!.total}${answers.get(s.query.id)!.suggestions.length ? `, suggestions: ${answers.get(s.query.id)!.suggestions.join(' / ')}` : ''}`,
      );
      for (const e of ran) console.log(`  ${e.padEnd(10)} ${mark(rankings[e]!.get(s.query.id)!)}`);
    }
  }
}

if (!args['no-pagefind'] && !args.dist && results.length === SET_NAMES.length) {
  const out = join(ROOT, 'bench/results');
  await mkdir(out, { recursive: true });
  const markdown = `# Relevance: the site, the API, Pagefind, MiniSearch on the held-out and tuning sets\n\n${report}`;
  const json = `${JSON.stringify(
    {
      machine,
      command,
      date,
      sets: results.map((r) => ({
        name: r.name,
        file: JUDGED_SETS[r.name].file,
        rows: r.rows,
        leads: r.leads,
        targets: r.targets,
        queries: (perQuery(r.name) ? r.scored : []).map((s) => ({
          id: s.query.id,
          category: s.query.category,
          figures: s.figures,
          top10: Object.fromEntries(ran.map((e) => [e, rankings[e]!.get(s.query.id)!.slice(0, 10)])),
        })),
      })),
    },
    null,
    2,
  )}\n`;
  const day = date.slice(0, 10);
  // The dated copy never replaces an earlier run's of the same day: relevance-DAY, then -2, -3…
  let dated = `relevance-${day}`;
  for (let n = 2; existsSync(join(out, `${dated}.json`)) || existsSync(join(out, `${dated}.md`)); n += 1)
    dated = `relevance-${day}-${n}`;
  for (const name of ['relevance', dated]) {
    await writeFile(join(out, `${name}.md`), markdown);
    await writeFile(join(out, `${name}.json`), json);
  }
  console.log(`wrote bench/results/relevance.md and .json, and ${dated}.md and .json`);
}
// Exit code 0 either way: targets are reported, not enforced (the lead re-measures on a quiet machine).
