/** Ranking metrics over graded judgments: recall@10, MRR, nDCG@10, and their means per category. */
import type { JudgedQuery } from './judgments.ts';
import { seededRandom } from '../../../src/lib/synthetic/random.ts';

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

/** A difference of means and its 95 % interval. */
export interface Interval {
  diff: number;
  low: number;
  high: number;
}

/**
 * How the paired bootstrap resamples: 2,000 resamples of a set's queries, with replacement, from a fixed seed, so that
 * a rerun prints the same interval (the figures stay deterministic).
 */
export const BOOTSTRAP = { resamples: 2000, seed: 1 } as const;

/**
 * The mean of a[i] − b[i] over paired per-query figures, and its 95 % percentile interval by a paired bootstrap: how far
 * a lead or a gap on this many queries could move with another draw of queries like them.
 */
export function pairedInterval(
  a: readonly number[],
  b: readonly number[],
  { resamples, seed }: { resamples: number; seed: number } = BOOTSTRAP,
): Interval {
  if (a.length !== b.length) throw new Error(`pairedInterval: ${a.length} figures against ${b.length}`);
  const diffs = a.map((x, i) => x - b[i]!);
  const n = diffs.length;
  const diff = n === 0 ? 0 : diffs.reduce((s, d) => s + d, 0) / n;
  if (n === 0) return { diff, low: 0, high: 0 };
  const random = seededRandom(seed);
  const means = Array.from({ length: resamples }, () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(random() * n)]!;
    return sum / n;
  }).sort((x, y) => x - y);
  return {
    diff,
    low: means[Math.floor(0.025 * resamples)]!,
    high: means[Math.ceil(0.975 * resamples) - 1]!,
  };
}
