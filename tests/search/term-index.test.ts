import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kindPrior } from '../../src/lib/search/score/score.ts';
import { buildTermIndex, indexOf, LED, orderByImpact, TITLED } from '../../src/lib/search/score/term-index.ts';

const weights = (records: number) => ({ boosts: [2, 1], averages: [3, 20], records, titleField: 0, leadField: -1 });

/** Postings of one field holding `positions` (sorted, distinct). */
const postings = (positions: number[]) => ({
  docs: Int32Array.from(positions),
  freqs: Int32Array.from(positions, () => 1),
  lengths: Int32Array.from(positions, () => 5),
});

describe('term index', () => {
  it('finds the index of a listing position among the term records by rank, and -1 for a position it lacks (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((records) =>
            fc.tuple(
              fc.constant(records),
              fc.uniqueArray(fc.nat(records - 1), { maxLength: records }),
              fc.uniqueArray(fc.nat(records - 1), { maxLength: records }),
            ),
          ),
        ([records, title, body]) => {
          const fields = [
            title.length ? postings([...title].sort((a, b) => a - b)) : undefined,
            body.length ? postings([...body].sort((a, b) => a - b)) : undefined,
          ];
          if (!fields[0] && !fields[1]) return;
          const index = buildTermIndex(fields, weights(records), new Uint8Array(records));
          const docs = [...index.docs];
          for (let doc = 0; doc < records; doc++) expect(indexOf(index, doc)).toBe(docs.indexOf(doc));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('orders led, then titled-only, then untitled records, each by impact rounded up to a float32 best first and ties by index, as a comparison sort does (property)', () => {
    const roundUp = (x: number) => (Math.fround(x) >= x ? Math.fround(x) : Math.fround(x * (1 + 2 ** -22)));
    const field = (records: number) =>
      fc.uniqueArray(
        fc.record({
          at: fc.nat(records - 1),
          freq: fc.integer({ min: 1, max: 3 }),
          length: fc.integer({ min: 1, max: 40 }),
        }),
        { selector: (p) => p.at, maxLength: records },
      );
    const sorted = (list: { at: number; freq: number; length: number }[]) => {
      const byAt = [...list].sort((a, b) => a.at - b.at);
      return {
        docs: Int32Array.from(byAt, (p) => p.at),
        freqs: Int32Array.from(byAt, (p) => p.freq),
        lengths: Int32Array.from(byAt, (p) => p.length),
      };
    };
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 400 })
          .chain((records) =>
            fc.tuple(
              fc.constant(records),
              field(records),
              field(records),
              fc.uint8Array({ minLength: records, maxLength: records }),
              fc.nat(),
            ),
          ),
        ([records, title, body, bytes, seed]) => {
          if (title.length + body.length === 0) return;
          // The lead holds some of the title's records (every third, shifted by the seed).
          const lead = title.filter((p) => (p.at + seed) % 3 === 0);
          const fields = [
            title.length ? sorted(title) : undefined,
            body.length ? sorted(body) : undefined,
            lead.length ? sorted(lead) : undefined,
          ];
          const kindRegions = Uint8Array.from(bytes, (b) => b % 10);
          const index = buildTermIndex(
            fields,
            { boosts: [2, 1, 0], averages: [3, 20, 2], records, titleField: 0, leadField: 2 },
            kindRegions,
          );
          expect(index.ordered).toBe(false);
          orderByImpact(index, kindRegions);
          const part = (i: number) => (index.titled[i]! & LED ? 0 : index.titled[i]! & TITLED ? 1 : 2);
          const impact = (i: number) => roundUp(index.scores[i]! * kindPrior(kindRegions[index.docs[i]!]! & 0x0f));
          const expected = [...index.docs.keys()].sort((a, b) => part(a) - part(b) || impact(b) - impact(a) || a - b);
          expect([...index.order]).toEqual(expected);
          expect([...index.impacts]).toEqual(expected.map(impact));
          expect([index.led, index.split]).toEqual([
            expected.filter((i) => part(i) === 0).length,
            expected.filter((i) => part(i) < 2).length,
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
