import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTermIndex, indexOf } from '../../src/lib/search/term-index.ts';

const weights = (records: number) => ({ boosts: [2, 1], averages: [3, 20], records, titleField: 0, leadField: -1 });

/** Postings of one field holding `positions` (sorted, distinct). */
const postings = (positions: number[]) => ({ docs: Int32Array.from(positions), freqs: Int32Array.from(positions, () => 1), lengths: Int32Array.from(positions, () => 5) });

describe('term index', () => {
  it('finds the index of a listing position among the term records by rank, and -1 for a position it lacks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }).chain((records) => fc.tuple(fc.constant(records), fc.uniqueArray(fc.nat(records - 1), { maxLength: records }), fc.uniqueArray(fc.nat(records - 1), { maxLength: records }))), ([records, title, body]) => {
        const fields = [title.length ? postings([...title].sort((a, b) => a - b)) : undefined, body.length ? postings([...body].sort((a, b) => a - b)) : undefined];
        if (!fields[0] && !fields[1]) return;
        const index = buildTermIndex(fields, weights(records), new Uint8Array(records));
        const docs = [...index.docs];
        for (let doc = 0; doc < records; doc++) expect(indexOf(index, doc)).toBe(docs.indexOf(doc));
      }),
      { numRuns: 200 },
    );
  });
});
