/** The relevance report: per-category figures of every engine side by side, the site's lead over the best other engine, empty first pages, and the issues' targets. */
import { pairedInterval, BOOTSTRAP, type Figures, type Interval } from './metrics.ts';

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

/** The engines the site is compared with. */
const OTHERS = ['pagefind', 'minisearch'] as const;

/** The best of the engines the site is compared with (Pagefind, MiniSearch) on one figure, or undefined when neither ran. */
export function bestOther(figures: Row['figures'], key: 'recall10' | 'mrr' | 'ndcg10'): number | undefined {
  const others = OTHERS.map((e) => figures[e]?.[key]).filter((n): n is number => n !== undefined);
  return others.length ? Math.max(...others) : undefined;
}

/** The tuning set's targets (issue 20) from its rows. */
export function relevanceTargets(rows: readonly Row[]): Target[] {
  const targets: Target[] = [];
  for (const row of rows) {
    const site = row.figures.site!;
    for (const other of OTHERS) {
      const theirs = row.figures[other];
      if (!theirs) continue;
      for (const key of ['recall10', 'mrr'] as const) {
        targets.push({
          name: `${row.category}: site ${key === 'mrr' ? 'MRR' : 'recall@10'} above ${other}`,
          result: `${f3(site[key])} vs ${f3(theirs[key])}`,
          met: beats(site[key], theirs[key]),
        });
      }
    }
  }
  const overall = rows.find((r) => r.category === 'overall')!;
  const { api, pagefind, site } = overall.figures;
  if (pagefind) {
    for (const key of ['recall10', 'mrr'] as const)
      targets.push({
        name: `overall: API raw ${key === 'mrr' ? 'MRR' : 'recall@10'} above pagefind`,
        result: `${f3(api![key])} vs ${f3(pagefind[key])}`,
        met: beats(api![key], pagefind[key]),
      });
  }
  targets.push({
    name: 'the site shows 0 results for at most 3 % of the queries',
    result: pct(site!.zero),
    met: site!.zero <= 0.03 + 1e-9,
  });
  const synonyms = rows.find((r) => r.category === 'synonyms');
  if (synonyms)
    targets.push({
      name: 'synonyms: site recall@10 at least 0.7',
      result: f2(synonyms.figures.site!.recall10),
      met: synonyms.figures.site!.recall10 >= 0.7 - 1e-9,
    });
  return targets;
}

/** The least margin, in recall@10 over the whole held-out set, by which the site must lead the best other engine (issue 35). */
export const HELD_OUT_MARGIN = 0.1;

/** The held-out set's targets (issue 35): the site above Pagefind and MiniSearch in recall@10 and MRR in every category and overall, by HELD_OUT_MARGIN in overall recall@10, and no empty first page. */
export function heldOutTargets(rows: readonly Row[]): Target[] {
  const targets: Target[] = [];
  for (const row of rows) {
    const site = row.figures.site!;
    for (const key of ['recall10', 'mrr'] as const) {
      const best = bestOther(row.figures, key);
      if (best === undefined) continue;
      const names = OTHERS.filter((e) => row.figures[e])
        .map((e) => `${e} ${f3(row.figures[e]![key])}`)
        .join(', ');
      targets.push({
        name: `${row.category}: site ${key === 'mrr' ? 'MRR' : 'recall@10'} above Pagefind and MiniSearch`,
        result: `${f3(site[key])} vs ${names}`,
        met: beats(site[key], best),
      });
    }
  }
  const overall = rows.find((r) => r.category === 'overall')!;
  const best = bestOther(overall.figures, 'recall10');
  if (best !== undefined) {
    const lead = overall.figures.site!.recall10 - best;
    targets.push({
      name: `overall: site recall@10 at least ${HELD_OUT_MARGIN.toFixed(2)} above the best other`,
      // Four decimals: a lead a hair under the margin (+0.09988) must not print as the margin (+0.100) beside "missed".
      result: `${lead >= 0 ? '+' : '−'}${Math.abs(lead).toFixed(4)}`,
      met: lead >= HELD_OUT_MARGIN - 1e-9,
    });
  }
  const empty = Math.round(overall.figures.site!.zero * overall.queries);
  targets.push({
    name: 'no query shows an empty first page on the site',
    result: `${empty} of ${overall.queries}`,
    met: empty === 0,
  });
  return targets;
}

/** Two decimals with a sign; a figure that rounds to zero is +0.00, never −0.00. */
const signed = (n: number) => {
  const rounded = Number(n.toFixed(2));
  return `${rounded >= 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)}`;
};

/** One set's tables: recall@10 and MRR with a "site − best other" column, nDCG@10, and the queries whose first page is empty (counts). */
export function renderTables(rows: readonly Row[]): string {
  const engines = ENGINES.filter((e) => rows[0]?.figures[e]);
  const others = OTHERS.some((e) => rows[0]?.figures[e]);
  const lines: string[] = [];
  for (const [key, title] of [
    ['recall10', 'recall@10'],
    ['mrr', 'MRR'],
    ['ndcg10', 'nDCG@10'],
  ] as const) {
    const lead = others && key !== 'ndcg10';
    lines.push(
      `**${title}**`,
      '',
      `| category | queries | ${engines.join(' | ')} |${lead ? ' site − best other |' : ''}`,
      `|---|---:|${engines.map(() => '---:').join('|')}|${lead ? '---:|' : ''}`,
    );
    for (const r of rows)
      lines.push(
        `| ${r.category} | ${r.queries} | ${engines.map((e) => f2(r.figures[e]![key])).join(' | ')} |${lead ? ` ${signed(r.figures.site![key] - bestOther(r.figures, key)!)} |` : ''}`,
      );
    lines.push('');
  }
  lines.push(
    '**queries whose first page is empty**',
    '',
    `| category | queries | ${engines.join(' | ')} |`,
    `|---|---:|${engines.map(() => '---:').join('|')}|`,
  );
  for (const r of rows)
    lines.push(
      `| ${r.category} | ${r.queries} | ${engines.map((e) => String(Math.round(r.figures[e]!.zero * r.queries))).join(' | ')} |`,
    );
  lines.push('');
  return `${lines.join('\n')}\n`;
}

/** The targets as a Markdown table. */
export function renderTargets(targets: readonly Target[]): string {
  const lines = ['| target | result | |', '|---|---|---|'];
  for (const t of targets)
    lines.push(
      `| ${t.name} | ${t.result} | ${t.met === undefined ? 'not measurable yet' : t.met ? 'met' : 'missed'} |`,
    );
  return `${lines.join('\n')}\n`;
}

/** The overall figures of every set side by side: one row per engine, then the site's lead over the best other engine. */
export function renderSummary(sets: readonly { name: string; rows: readonly Row[] }[]): string {
  const overall = sets.map((s) => ({ name: s.name, row: s.rows.find((r) => r.category === 'overall')! }));
  const engines = ENGINES.filter((e) => overall[0]?.row.figures[e]);
  const head = overall.flatMap((o) => [`${o.name} recall@10`, `${o.name} MRR`, `${o.name} empty first pages`]);
  const lines = [`| engine | ${head.join(' | ')} |`, `|---|${head.map(() => '---:').join('|')}|`];
  for (const e of engines) {
    lines.push(
      `| ${e} | ${overall.flatMap((o) => [f2(o.row.figures[e]!.recall10), f2(o.row.figures[e]!.mrr), `${Math.round(o.row.figures[e]!.zero * o.row.queries)} of ${o.row.queries}`]).join(' | ')} |`,
    );
  }
  if (OTHERS.some((e) => overall[0]?.row.figures[e])) {
    lines.push(
      `| site − best other | ${overall.flatMap((o) => [signed(o.row.figures.site!.recall10 - bestOther(o.row.figures, 'recall10')!), signed(o.row.figures.site!.mrr - bestOther(o.row.figures, 'mrr')!), '']).join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The site's lead over the best other engine on one figure of one category, with its 95 % interval. */
export type Lead = Interval & { other: (typeof OTHERS)[number] };

/** One category's leads in recall@10 and MRR. */
export interface LeadRow {
  category: string;
  queries: number;
  recall10: Lead;
  mrr: Lead;
}

/**
 * The site's lead in one category over the other engine with the better mean (as the tables' "site − best other"),
 * from the per-query figures of that category, with a paired bootstrap interval (metrics.ts); undefined when neither
 * Pagefind nor MiniSearch ran.
 */
export function leadRow(category: string, perQuery: readonly Row['figures'][]): LeadRow | undefined {
  const lead = (key: 'recall10' | 'mrr'): Lead | undefined => {
    const ran = OTHERS.filter((e) => perQuery[0]?.[e]);
    if (!ran.length) return undefined;
    const meanOf = (e: Engine) => perQuery.reduce((sum, f) => sum + f[e]![key], 0) / perQuery.length;
    const other = ran.reduce((best, e) => (meanOf(e) > meanOf(best) ? e : best));
    const site = perQuery.map((f) => f.site![key]);
    return {
      other,
      ...pairedInterval(
        site,
        perQuery.map((f) => f[other]![key]),
      ),
    };
  };
  const recall10 = lead('recall10');
  const mrr = lead('mrr');
  return recall10 && mrr ? { category, queries: perQuery.length, recall10, mrr } : undefined;
}

/** The leads with their intervals as a Markdown table, and how to read it. */
export function renderLeads(rows: readonly LeadRow[]): string {
  const cell = (l: Lead) => `${signed(l.diff)} [${signed(l.low)}, ${signed(l.high)}] (${l.other})`;
  const lines = [
    `**Site − best other, with a 95 % interval** (paired bootstrap: ${BOOTSTRAP.resamples.toLocaleString('en')} resamples of the queries, seed ${BOOTSTRAP.seed}; an interval that holds 0 is a lead or a gap this many queries cannot tell from none)`,
    '',
    '| category | queries | recall@10 | MRR |',
    '|---|---:|---|---|',
    ...rows.map((r) => `| ${r.category} | ${r.queries} | ${cell(r.recall10)} | ${cell(r.mrr)} |`),
  ];
  return `${lines.join('\n')}\n`;
}
