/**
 * The reference evaluator: every candidate scored one at a time by partial-score.ts, then sorted. Slow and plain, it
 * shares no code with top-k.ts, so the property tests and the bench check top-k against it. Never answers a query.
 */
import { histogramTotal, type Filters } from '../index/listing.ts';
import { partialContext, partialScore } from './partial-score.ts';
import { rankFactors, type SlotPostings } from './score.ts';
import type { Evaluation, Evaluator, TopKContext } from '../top-k/top-k.ts';

/** An evaluator that scores every candidate (the records of the first slot's first terms) and sorts the matches. */
export function createReferenceEvaluator({ manifest, kindRegions }: TopKContext): Evaluator {
  const ctx = partialContext(manifest, kindRegions);
  function evaluate(slots: readonly SlotPostings[], quality: number, named = 0): Evaluation {
    const factors = rankFactors(slots.length, quality, named);
    const options = slots.map((slot) => slot.options);
    const candidates = new Set<number>();
    for (const option of options[0] ?? [])
      for (const field of option.lists[0] ?? []) for (const doc of field?.docs ?? []) candidates.add(doc);
    const matches: { at: number; score: number }[] = [];
    for (const at of candidates) {
      const { score, held } = partialScore(options, factors, at, ctx);
      if (held.every(Boolean)) matches.push({ at, score });
    }
    matches.sort((a, b) => b.score - a.score || a.at - b.at);
    const positions = Int32Array.from(matches, (m) => m.at).sort();
    const histogram = new Int32Array(256);
    for (const { at } of matches) histogram[kindRegions[at]!]! += 1;
    return {
      count: matches.length,
      positions,
      histogram,
      scored: matches.length,
      total: (filters: Filters) => histogramTotal(histogram, filters),
      top(keep, count) {
        const kept = keep ? matches.filter((m) => keep(m.at)) : matches;
        const page = kept.slice(0, count);
        return { top: page.map((m) => m.at), scores: page.map((m) => m.score) };
      },
    };
  }
  return { evaluate, prepare: () => undefined, termUsage: () => ({ entries: 0, bytes: 0 }) };
}
