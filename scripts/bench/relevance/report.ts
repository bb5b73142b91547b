/** The relevance report: per-category figures of every engine side by side, zero-result rates, and the targets. */
import type { Figures } from './metrics.ts';

/** The engines compared, in report order: what the site shows, the API's raw answer, Pagefind, plain MiniSearch. */
export const ENGINES = ['site', 'api', 'pagefind', 'minisearch'] as const;
/** One engine. */
export type Engine = (typeof ENGINES)[number];

/** Figures of one category (or "overall") for each engine that ran; `zero` is the share of queries showing nothing. */
export interface Row {
  category: string;
  queries: number;
  figures: Partial<Record<Engine, Figures & { zero: number }>>;
}

/** A target line: what was measured and whether it is met. */
export interface Target {
  name: string;
  result: string;
  met: boolean | undefined;
}

const f2 = (n: number) => n.toFixed(2);
/** Targets compare to three decimals: 0.800 against 0.797 is above, which two decimals would show as a tie. */
const f3 = (n: number) => n.toFixed(3);
const pct = (n: number) => `${Math.round(n * 100)} %`;

/** Above the other, or both at the 1.00 ceiling (nothing is above a perfect score). */
export const beats = (ours: number, theirs: number) => ours > theirs + 1e-9 || (ours >= 1 - 1e-9 && theirs >= 1 - 1e-9);

/** The targets (issue 20) from the rows. */
export function relevanceTargets(rows: readonly Row[]): Target[] {
  const targets: Target[] = [];
  for (const row of rows) {
    const site = row.figures.site!;
    for (const other of ['pagefind', 'minisearch'] as const) {
      const theirs = row.figures[other];
      if (!theirs) continue;
      for (const key of ['recall10', 'mrr'] as const) {
        targets.push({ name: `${row.category}: site ${key === 'mrr' ? 'MRR' : 'recall@10'} above ${other}`, result: `${f3(site[key])} vs ${f3(theirs[key])}`, met: beats(site[key], theirs[key]) });
      }
    }
  }
  const overall = rows.find((r) => r.category === 'overall')!;
  const { api, pagefind, site } = overall.figures;
  if (pagefind) {
    for (const key of ['recall10', 'mrr'] as const) targets.push({ name: `overall: API raw ${key === 'mrr' ? 'MRR' : 'recall@10'} above pagefind`, result: `${f3(api![key])} vs ${f3(pagefind[key])}`, met: beats(api![key], pagefind[key]) });
  }
  targets.push({ name: 'the site shows 0 results for at most 3 % of the queries', result: pct(site!.zero), met: site!.zero <= 0.03 + 1e-9 });
  const synonyms = rows.find((r) => r.category === 'synonyms');
  if (synonyms) targets.push({ name: 'synonyms: site recall@10 at least 0.7', result: f2(synonyms.figures.site!.recall10), met: synonyms.figures.site!.recall10 >= 0.7 - 1e-9 });
  return targets;
}

/** The report as Markdown: one table per figure, engines as columns. */
export function renderReport(rows: readonly Row[], targets: readonly Target[], notes: readonly string[]): string {
  const engines = ENGINES.filter((e) => rows[0]?.figures[e]);
  const lines: string[] = [];
  for (const [key, title, fmt] of [['recall10', 'recall@10', f2], ['mrr', 'MRR', f2], ['ndcg10', 'nDCG@10', f2], ['zero', 'zero results', pct]] as const) {
    lines.push(`**${title}**`, '', `| category | queries | ${engines.join(' | ')} |`, `|---|---:|${engines.map(() => '---:').join('|')}|`);
    for (const r of rows) lines.push(`| ${r.category} | ${r.queries} | ${engines.map((e) => fmt(r.figures[e]![key])).join(' | ')} |`);
    lines.push('');
  }
  lines.push('| target | result | |', '|---|---|---|');
  for (const t of targets) lines.push(`| ${t.name} | ${t.result} | ${t.met === undefined ? 'not measurable yet' : t.met ? 'met' : 'missed'} |`);
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
