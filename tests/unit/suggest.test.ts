import { processTerm } from '../../src/lib/search/text/normalize.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corrections, editDistance, suggest } from '../../src/lib/search/assist/suggest.ts';
import type { WordFile } from '../../src/lib/search/index/shards.ts';

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('provisoir', 'provisoir', 2)).toBe(0);
    expect(editDistance('provisior', 'provisoir', 2)).toBe(1);
    expect(editDistance('permi', 'perm', 2)).toBe(1);
    expect(editDistance('examen', 'exmaen', 2)).toBe(1);
    expect(editDistance('examen', 'ekzamen', 2)).toBe(2);
    expect(editDistance('tracteur', 'moto', 2)).toBe(3);
  });

  it('is symmetric and never above the plain Levenshtein bound of the longer length (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-e]{0,8}$/), fc.stringMatching(/^[a-e]{0,8}$/), (a, b) => {
        const d = editDistance(a, b, 20);
        expect(editDistance(b, a, 20)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d === 0).toBe(a === b);
      }),
    );
  });
});

/** The whole optimal-string-alignment table, as a reference for the banded one. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('banded edit distance', () => {
  it('equals the whole table wherever it is at most max, and says max + 1 otherwise (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-d]{0,12}$/), fc.stringMatching(/^[a-d]{0,12}$/), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const full = fullDistance(a, b);
        expect(editDistance(a, b, max)).toBe(full <= max ? full : max + 1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('corrections', () => {
  const vocabulary: WordFile = [['provisoi', 'provisoire', 40], ['provisio', 'provision', 2], ['permi', 'permis', 300], ['perle', 'perle', 1], ['moto', 'moto', 20], ['mots', 'mots', 5]];

  it('ranks by distance, then by how many records hold the word', () => {
    expect(corrections('provisiore', vocabulary).map(([, word]) => word)).toEqual(['provisoire', 'provision']);
    expect(corrections('perlis', vocabulary).map(([, word]) => word)).toEqual(['permis', 'perle']);
  });

  it('allows one edit for words of four letters or fewer, two for longer ones, ignoring case and accents', () => {
    expect(corrections('Mota', vocabulary).map(([, word]) => word)).toEqual(['moto', 'mots']);
    expect(corrections('mxta', vocabulary)).toEqual([]);
    expect(corrections('prövisoyre', vocabulary).map(([, word]) => word)).toEqual(['provisoire']);
    expect(corrections('prxvisoyrx', vocabulary)).toEqual([]);
  });

  it('suggests a corrected query only where it finds something, and nothing when every word is known', async () => {
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => vocabulary.some(([stem]) => stem === t)),
      words: async () => vocabulary,
      total: async (q: string) => (q.includes('provision') ? 0 : 7),
      best: async () => 1,
    };
    expect(await suggest('Permis provisiore', source)).toEqual([{ q: 'Permis provisoire', total: 7 }]);
    expect(await suggest('permis provisiore', { ...source, total: async () => 0 })).toEqual([]);
  });

  it('when no correction finds anything, leaves out the fewest words, best partial match first, and says which', async () => {
    // Records hold two words each; a query finds the records holding all its words; a record's score is the sum of
    // its words' weights (delta weighs most).
    const records = [['alpha', 'bravo'], ['bravo', 'charly'], ['charly', 'delta']];
    const weight: Record<string, number> = { alpha: 1, bravo: 1, charly: 1, delta: 5 };
    const matching = (q: string) => records.filter((r) => q.split(' ').every((w) => r.includes(w)));
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => records.flat().some((w) => processTerm(w) === t)),
      words: async () => [],
      total: async (q: string) => matching(q).length,
      best: async (q: string) => Math.max(0, ...matching(q).map((r) => r.reduce((sum, w) => sum + weight[w]!, 0))),
    };
    expect(await suggest('bravo charly delta', source)).toEqual([
      { q: 'charly delta', total: 1, missing: ['bravo'] },
      { q: 'bravo charly', total: 1, missing: ['delta'] },
    ]);
    // Two words must go when no single one is enough; one word alone is never shortened.
    expect((await suggest('alpha charly zulu', source))[0]).toMatchObject({ missing: expect.arrayContaining(['zulu']) });
    expect((await suggest('alpha charly zulu', source))[0]!.missing).toHaveLength(2);
    expect(await suggest('zulu', source)).toEqual([]);
  });
});
