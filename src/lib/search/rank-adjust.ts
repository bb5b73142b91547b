/**
 * Adjustments applied to the BM25+ scores of a query's matches, after the scorer and before ranking,
 * in the one search module (so the API and the browser rank identically).
 *
 * A prior by kind: official rules (fact) and the publisher's analyses (expertise) keep their score;
 * teaching and reading content (article, lesson, tool, page) is weighted 0.9; offers, organizations,
 * people and professionals (in the bundled corpus, fictional examples and commercial packages) 0.7.
 * So a rule leads an offer when their scores are within 30 % of each other, and an offer that matches
 * much better still comes first (`auto-école` with kind=organization is unaffected: one kind, one weight).
 * Measured on bench/relevance/queries.yaml (npm run bench:relevance); see docs/search.md, Relevance.
 */
import { KINDS, type Kind } from '../schema/kinds-regions.ts';

/** Score multiplier per record kind (1 when absent). */
export const KIND_PRIOR: Readonly<Partial<Record<Kind, number>>> = {
  article: 0.9,
  lesson: 0.9,
  tool: 0.9,
  page: 0.9,
  organization: 0.7,
  offer: 0.7,
  person: 0.7,
  professional: 0.7,
};

/** The multiplier of each kind, by its index in KINDS (the listing's kind numbers). */
const PRIOR_BY_KIND_INDEX = Float64Array.from(KINDS, (kind) => KIND_PRIOR[kind] ?? 1);

/** The prior of a record of kind number `kind` (its index in KINDS). */
export function kindPrior(kind: number): number {
  return PRIOR_BY_KIND_INDEX[kind] ?? 1;
}

/**
 * Adjusted scores, in place: `scores[i]` belongs to the record at listing position `positions[i]`,
 * whose kind number is `kinds[positions[i]]`. Pure arithmetic on its inputs, so the order stays
 * deterministic (ties are still broken by id by the caller).
 */
export function adjustScores(positions: Int32Array, scores: Float64Array, kinds: ArrayLike<number>): Float64Array {
  for (let i = 0; i < positions.length; i++) scores[i] = scores[i]! * kindPrior(kinds[positions[i]!]!);
  return scores;
}
