/** The relevance report: per-category figures of both engines side by side, and the targets. */
import type { Figures } from './metrics.ts';

/** Figures of one category (or "overall") for each engine. */
export interface Row {
  category: string;
  queries: number;
  api: Figures;
  pagefind: Figures | undefined;
}

/** A target line: what was measured and whether it is met. */
export interface Target {
  name: string;
  result: string;
  met: boolean | undefined;
}

const f2 = (n: number) => n.toFixed(2);

/** Above Pagefind, or both at the 1.00 ceiling (nothing is above a perfect score). */
export const beats = (api: number, pagefind: number) => api > pagefind + 1e-9 || (api >= 1 - 1e-9 && pagefind >= 1 - 1e-9);

/** The comparison targets: MRR and recall@10 above Pagefind overall and in every category but typos. */
export function comparisonTargets(rows: readonly Row[]): Target[] {
  return rows
    .filter((row) => row.category !== 'typos' && row.pagefind)
    .flatMap((row) =>
      (['mrr', 'recall10'] as const).map((key) => ({
        name: `${row.category}: ${key === 'mrr' ? 'MRR' : 'recall@10'} above Pagefind`,
        result: `${f2(row.api[key])} vs ${f2(row.pagefind![key])}`,
        met: beats(row.api[key], row.pagefind![key]),
      })),
    );
}

/** The report as Markdown. */
export function renderReport(rows: readonly Row[], targets: readonly Target[], notes: readonly string[]): string {
  const lines = [
    '| category | queries | API recall@10 | Pagefind recall@10 | API MRR | Pagefind MRR | API nDCG@10 | Pagefind nDCG@10 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const pf = (f: Figures | undefined, key: keyof Figures) => (f ? f2(f[key]) : '–');
  for (const r of rows) {
    lines.push(`| ${r.category} | ${r.queries} | ${f2(r.api.recall10)} | ${pf(r.pagefind, 'recall10')} | ${f2(r.api.mrr)} | ${pf(r.pagefind, 'mrr')} | ${f2(r.api.ndcg10)} | ${pf(r.pagefind, 'ndcg10')} |`);
  }
  lines.push('', '| target | result | |', '|---|---|---|');
  for (const t of targets) lines.push(`| ${t.name} | ${t.result} | ${t.met === undefined ? 'not measurable yet' : t.met ? 'met' : 'missed'} |`);
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
