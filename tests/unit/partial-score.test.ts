import { beforeAll, describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/lib/search/normalize.ts';
import { partialScore, type PartialContext } from '../../src/lib/search/partial-score.ts';
import { adjustForLead, adjustForRegions, adjustForTitles, adjustScores, namedRegions } from '../../src/lib/search/rank-adjust.ts';
import { createScorer, fieldBoosts } from '../../src/lib/search/scorer.ts';
import { openShardStore, type ShardStore } from '../../src/lib/search/shard-store.ts';
import { createSynonyms } from '../../src/lib/search/synonyms.ts';
import { readBuilt } from '../support/search.ts';

let store: ShardStore;
let ctx: PartialContext;
beforeAll(async () => {
  store = await openShardStore(readBuilt);
  const { manifest } = store;
  ctx = {
    fields: fieldBoosts(manifest.fields).flatMap((boost, id) => (boost === 0 ? [] : [{ id, boost, average: manifest.averageFieldLength[id]! }])),
    records: manifest.records,
    titleField: manifest.fields.indexOf('title'),
    leadField: manifest.fields.indexOf('lead'),
    kindRegions: store.kindRegions,
  };
});

/** A query's slots with their postings, as the engine loads them. */
async function slotsOf(q: string) {
  const slots = createSynonyms(store.synonyms).slots(queryTerms(q));
  const terms = [...new Set(slots.flatMap((s) => s.options.flatMap((o) => o.terms)))];
  const loaded = new Map((await store.postings(terms)).map((p, i) => [terms[i]!, p]));
  const options = slots.map((s) => s.options.map((o) => ({ lists: o.terms.map((t) => loaded.get(t)), weight: o.weight })));
  return { slots, options, quality: slots.reduce((n, s) => n + s.terms.length, 0), named: namedRegions(slots) };
}

/** The reference of the exhaustive evaluator (search-engine.ts match()): the scorer over `kept` slots, then rank-adjust.ts over all. */
function reference(all: Awaited<ReturnType<typeof slotsOf>>, kept: number[]) {
  const scorer = createScorer(store.manifest);
  const { docs, scores } = scorer.score(kept.map((t) => ({ options: all.options[t]! })), all.quality);
  const kinds = Uint8Array.from(store.kindRegions, (b) => b & 0x0f);
  const inField = (field: number) => all.options.map((options) => options.map((o) => o.lists.map((l) => l?.[field]?.docs)));
  const titled = adjustForTitles(docs, adjustScores(docs, scores, kinds), inField(ctx.titleField));
  const led = adjustForLead(docs, titled, inField(ctx.leadField));
  return { docs, scores: adjustForRegions(docs, led, Uint8Array.from(store.kindRegions, (b) => b >> 4), all.named) };
}

describe('partialScore: a query\'s score of a record, the slots it lacks contributing 0', () => {
  for (const q of ['duree validite permis', 'permis provisoire bruxelles', 'examen théorique', 'combien de temps le permis est-il valable ?']) {
    it(`gives every exact match of "${q}" the score of the reference scorer`, async () => {
      const all = await slotsOf(q);
      const ref = reference(all, all.slots.map((_, t) => t));
      expect(ref.docs.length).toBeGreaterThan(0);
      ref.docs.forEach((doc, i) => {
        const { score, held } = partialScore(all.options, all.quality, all.named, doc, ctx);
        expect(held.every(Boolean)).toBe(true);
        expect(score).toBeCloseTo(ref.scores[i]!, 9);
      });
    });
  }

  it('scores a record lacking a slot as the reference scores the other slots, with the whole query\'s term count and title shares', async () => {
    const all = await slotsOf('duree validite permis');
    expect(all.slots).toHaveLength(3);
    const ref = reference(all, [1, 2]);
    let lacking = 0;
    ref.docs.forEach((doc, i) => {
      const { score, held } = partialScore(all.options, all.quality, all.named, doc, ctx);
      if (held[0]) return;
      lacking += 1;
      expect(held).toEqual([false, true, true]);
      expect(score).toBeCloseTo(ref.scores[i]!, 9);
    });
    expect(lacking).toBeGreaterThan(0);
  });
});
