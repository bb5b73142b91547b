/** Ranking of a query's matches: first pages by threshold selection, later ones from a memoised full ranking. */

/** Matches of a text query: listing positions and scores, then, once the query repeats, its full ranking. */
export interface Matches {
  positions: Int32Array;
  scores: Float64Array | undefined;
  terms: string[];
  /** Requests seen for this query. */
  hits: number;
  /** Listing positions best first: computed on the second request (the listing order when there is no score). */
  order: Int32Array | undefined;
  /** Totals per filter ("kind/region"), computed once each. */
  totals: Map<string, number>;
}

/** Best first: higher score, then lower listing position (that is, lower id). */
export function ranked(positions: Int32Array, scores: Float64Array, indices: ArrayLike<number>): number[] {
  return Array.from(indices).sort((a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!);
}

/**
 * The `count` best of the matches kept by `keep`, in rank order, for a query seen once. A native numeric
 * sort finds the score of the count-th best; only matches at or above it go through the comparator sort.
 */
export function bestOnce(matches: Matches, keep: ((position: number) => boolean) | null, count: number): { top: number[]; total: number } {
  const { positions } = matches;
  const scores = matches.scores!;
  const kept: number[] = [];
  for (let i = 0; i < positions.length; i++) if (!keep || keep(positions[i]!)) kept.push(i);
  if (count === 0) return { top: [], total: kept.length };
  if (count >= kept.length) return { top: ranked(positions, scores, kept).map((i) => positions[i]!), total: kept.length };
  const negated = Float64Array.from(kept, (i) => -scores[i]!).sort();
  const threshold = -negated[count - 1]!;
  const contenders = kept.filter((i) => scores[i]! >= threshold);
  return { top: ranked(positions, scores, contenders).slice(0, count).map((i) => positions[i]!), total: kept.length };
}

/** The `count` first of a full ranking kept by `keep` (early exit), and the memoised filtered total. */
export function bestRanked(matches: Matches, keep: ((position: number) => boolean) | null, filterKey: string, count: number): { top: number[]; total: number } {
  const order = matches.order!;
  if (!keep) return { top: Array.from(order.subarray(0, count)), total: order.length };
  const top: number[] = [];
  for (let i = 0; i < order.length && top.length < count; i++) if (keep(order[i]!)) top.push(order[i]!);
  let total = matches.totals.get(filterKey);
  if (total === undefined) {
    total = 0;
    for (let i = 0; i < order.length; i++) if (keep(order[i]!)) total += 1;
    matches.totals.set(filterKey, total);
  }
  return { top, total };
}
