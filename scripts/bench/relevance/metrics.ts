/** Ranking metrics over graded judgments: recall@10, MRR, nDCG@10, and their means per category. */
import type { JudgedQuery } from './judgments.ts';

/** The figures of one ranking against one query's judgments. */
export interface Figures {
  recall10: number;
  mrr: number;
  ndcg10: number;
}

/** Depth of the ranking read for MRR (the first answer past it counts 0). */
export const MRR_DEPTH = 100;

/** Scores one ranked list of ids (best first). */
export function evaluate(ranked: readonly string[], relevant: JudgedQuery['relevant']): Figures {
  const grade = (id: string) => relevant[id] ?? 0;
  const judged = Object.keys(relevant).length;
  const top = ranked.slice(0, 10);
  const recall10 = top.filter((id) => grade(id) > 0).length / Math.min(10, judged);
  const first = ranked.slice(0, MRR_DEPTH).findIndex((id) => grade(id) === 2);
  const mrr = first < 0 ? 0 : 1 / (first + 1);
  const gain = (g: number) => 2 ** g - 1;
  const dcg = top.reduce((sum, id, i) => sum + gain(grade(id)) / Math.log2(i + 2), 0);
  const ideal = Object.values(relevant)
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, g, i) => sum + gain(g) / Math.log2(i + 2), 0);
  return { recall10, mrr, ndcg10: ideal === 0 ? 0 : dcg / ideal };
}

/** The mean of each figure. */
export function mean(all: readonly Figures[]): Figures {
  const sum = (key: keyof Figures) => all.reduce((s, f) => s + f[key], 0) / Math.max(1, all.length);
  return { recall10: sum('recall10'), mrr: sum('mrr'), ndcg10: sum('ndcg10') };
}
