import { beforeAll, describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/lib/search/text/normalize.ts';
import { partialContext, partialScore, type PartialContext } from '../../src/lib/search/score/partial-score.ts';
import { namedRegions, rankFactors } from '../../src/lib/search/score/score.ts';
import { openShardStore, type ShardStore } from '../../src/lib/search/store/shard-store.ts';
import { createSynonyms } from '../../src/lib/search/query/synonyms.ts';
import { createTopK } from '../../src/lib/search/top-k/top-k.ts';
import { readBuilt } from '../support/search.ts';

let store: ShardStore;
let ctx: PartialContext;
beforeAll(async () => {
  store = await openShardStore(readBuilt);
  ctx = partialContext(store.manifest, store.kindRegions);
});

/** A query's slots with their postings, as the engine loads them. */
async function slotsOf(q: string) {
  const slots = createSynonyms(store.synonyms).slots(queryTerms(q));
  const terms = [...new Set(slots.flatMap((s) => s.options.flatMap((o) => o.terms)))];
  const loaded = new Map((await store.postings(terms)).map((p, i) => [terms[i]!, p]));
  const options = slots.map((s) =>
    s.options.map((o) => ({ lists: o.terms.map((t) => loaded.get(t)), weight: o.weight })),
  );
  const quality = slots.reduce((n, s) => n + s.terms.length, 0);
  return {
    slots,
    options,
    quality,
    named: namedRegions(slots),
    factors: rankFactors(slots.length, quality, namedRegions(slots)),
  };
}

/** Top-k's ranking (the production evaluator, its own code: bitsets, term indices, score passes) of the slots `kept`. */
function topK(all: Awaited<ReturnType<typeof slotsOf>>, kept: number[]) {
  const { manifest, kindRegions } = store;
  const evaluator = createTopK({ manifest, kindRegions });
  const quality = kept.reduce((n, t) => n + all.slots[t]!.terms.length, 0);
  const { top, scores } = evaluator
    .evaluate(
      kept.map((t) => ({ options: all.options[t]! })),
      quality,
      all.named,
    )
    .top(null, 10_000);
  return { docs: top, scores };
}

describe("partialScore: a query's score of a record, the slots it lacks contributing 0", () => {
  for (const q of [
    'duree validite permis',
    'permis provisoire bruxelles',
    'examen théorique',
    'combien de temps le permis est-il valable ?',
  ]) {
    it(`gives every exact match of "${q}" the score top-k gives it`, async () => {
      const all = await slotsOf(q);
      const ref = topK(
        all,
        all.slots.map((_, t) => t),
      );
      expect(ref.docs.length).toBeGreaterThan(0);
      ref.docs.forEach((doc, i) => {
        const { score, held } = partialScore(all.options, all.factors, doc, ctx);
        expect(held.every(Boolean)).toBe(true);
        expect(score).toBeCloseTo(ref.scores[i]!, 9);
      });
    });
  }

  it("scores a record lacking a slot as its other slots score under the whole query's term count and title shares (the missing slot adds 0, covers nothing)", async () => {
    const all = await slotsOf('duree validite permis');
    expect(all.slots).toHaveLength(3);
    const shorter = topK(all, [1, 2]);
    let lacking = 0;
    for (const doc of shorter.docs) {
      const { score, held } = partialScore(all.options, all.factors, doc, ctx);
      if (held[0]) continue;
      lacking += 1;
      expect(held).toEqual([false, true, true]);
      expect(score).toBe(partialScore([[], ...all.options.slice(1)], all.factors, doc, ctx).score);
      // Fewer slots held, lower score than under the shorter query's own factors (term count and title shares).
      expect(score).toBeLessThanOrEqual(
        partialScore(all.options.slice(1), rankFactors(2, all.quality, all.named), doc, ctx).score,
      );
    }
    expect(lacking).toBeGreaterThan(0);
  });
});
