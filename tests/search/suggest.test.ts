import { foldText, processTerm } from '../../src/lib/search/text/normalize.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corrections, editDistance, maxDistance, stopWordNear, suggest } from '../../src/lib/search/assist/suggest.ts';
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
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('banded edit distance', () => {
  it('equals the whole table wherever it is at most max, and says max + 1 otherwise (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-d]{0,12}$/),
        fc.stringMatching(/^[a-d]{0,12}$/),
        fc.integer({ min: 0, max: 3 }),
        (a, b, max) => {
          const full = fullDistance(a, b);
          expect(editDistance(a, b, max)).toBe(full <= max ? full : max + 1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('corrections', () => {
  const vocabulary: WordFile = [
    ['provisoi', 'provisoire', 40],
    ['provisio', 'provision', 2],
    ['permi', 'permis', 300],
    ['perle', 'perle', 1],
    ['moto', 'moto', 20],
    ['mots', 'mots', 5],
  ];

  it('ranks by distance, then by how many records hold the word', () => {
    expect(corrections('provisiore', vocabulary).map(([, word]) => word)).toEqual(['provisoire', 'provision']);
    expect(corrections('perlis', vocabulary).map(([, word]) => word)).toEqual(['permis', 'perle']);
  });

  it('skips by letter mask only words further than the distance allows (property, against comparing every word)', () => {
    // The reference: every entry's edit distance, no mask, the same order.
    const reference = (word: string, vocabulary: WordFile) => {
      const folded = foldText(word);
      const max = maxDistance(folded);
      return vocabulary
        .map((entry) => [entry, editDistance(folded, foldText(entry[1]), max)] as const)
        .filter(([entry, d]) => d <= max && entry[0] !== processTerm(word) && entry[2] > 0)
        .sort(([a, x], [b, y]) => x - y || b[2] - a[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map(([entry]) => entry);
    };
    // A small alphabet (accents and a digit included) makes near words common.
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'é', 'r', '1'), { minLength: 1, maxLength: 10 })
      .map((letters) => letters.join(''));
    const entry = fc.tuple(text, fc.nat(3)).map(([word, n]): WordFile[number] => [processTerm(word) ?? word, word, n]);
    fc.assert(
      fc.property(text, fc.array(entry, { maxLength: 60 }), (word, vocabulary) => {
        expect(corrections(word, vocabulary, Infinity)).toEqual(reference(word, vocabulary));
      }),
      { numRuns: 500 },
    );
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
    // One edit (two letters swapped), a non-word, and the corrected query finds records: sure enough to apply.
    expect(await suggest('Permis provisiore', source)).toEqual([{ q: 'Permis provisoire', total: 7, confident: true }]);
    expect(await suggest('permis provisiore', { ...source, total: async () => 0 })).toEqual([]);
  });

  it('never copies a U+FFFD into a suggestion: one between letters is an unknown letter, corrected; one at an edge separates', async () => {
    const words: WordFile = [
      ['theoriqu', 'théorique', 20],
      ['examen', 'examen', 40],
      ['lorsqu', 'lorsque', 50],
      ['logiqu', 'logique', 10],
      ['th', 'th', 3],
    ];
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => words.some(([stem]) => stem === t)),
      words: async () => words,
      lexicon: async () => [] as WordFile,
      total: async (q: string) => (q.includes('\uFFFD') ? 0 : 5),
      best: async () => 1,
      longer: async (start: string) => words.filter(([, word]) => foldText(word).startsWith(start)),
    };
    // « th�orique » is one word, one edit from « théorique »: the sure correction.
    expect(await suggest('th\uFFFDorique', source)).toEqual([{ q: 'théorique', total: 5, confident: true }]);
    expect(await suggest('examen th\uFFFDorique', source)).toEqual([
      { q: 'examen théorique', total: 5, confident: true },
    ]);
    // At a word's edge it is a separator, and the correction or completion around it never keeps it.
    for (const q of ['\uFFFDlorsqe', 'lorsqe\uFFFD', 'permis \uFFFDlorsq', 'th\uFFFD orique \uFFFD'])
      for (const suggestion of await suggest(q, source)) expect(suggestion.q, q).not.toMatch(/[\uFFFD]/);
    expect((await suggest('\uFFFDlorsqe', source)).map((s) => s.q)).toEqual(['lorsque']);
    expect((await suggest('permis \uFFFDlorsq', source)).map((s) => s.q)[0]).toBe('permis lorsque');
  });

  it('completes a cut last word first, its most frequent completions that find something, offered and never applied', async () => {
    const completions: WordFile = [
      ['conduir', 'conduire', 300],
      ['conducteur', 'conducteurs', 200],
      ['conduit', 'conduite', 100],
    ];
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => t !== processTerm('condu')),
      words: async () => [['connu', 'connu', 5]] as WordFile,
      // « conducteurs » finds nothing with « permis »; the others do.
      total: async (q: string) => (q.endsWith('conducteurs') ? 0 : 4),
      best: async () => 1,
      longer: async (start: string) => completions.filter(([, word]) => word.startsWith(start)),
    };
    expect(await suggest('permis condu', source)).toEqual([
      { q: 'permis conduire', total: 4 },
      { q: 'permis conduite', total: 4 },
      // The correction, one edit away, comes after the completions and is no longer the first offered.
      { q: 'permis connu', total: 4, confident: true },
    ]);
    // A word followed by a space or punctuation was not cut: no completion.
    expect((await suggest('permis condu ', source)).map((s) => s.q)).toEqual(['permis connu']);
    expect((await suggest('permis condu ?', source)).map((s) => s.q)).toEqual(['permis connu ?']);
  });

  it('when no correction finds anything, leaves out the fewest words, best partial match first, and says which', async () => {
    // Records hold two words each; a query finds the records holding all its words; a record's score is the sum of
    // its words' weights (delta weighs most).
    const records = [
      ['alpha', 'bravo'],
      ['bravo', 'charly'],
      ['charly', 'delta'],
    ];
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
    expect((await suggest('alpha charly zulu', source))[0]).toMatchObject({
      missing: expect.arrayContaining(['zulu']),
    });
    expect((await suggest('alpha charly zulu', source))[0]!.missing).toHaveLength(2);
    expect(await suggest('zulu', source)).toEqual([]);
  });

  it('keeps an open last word (the page completes it) in the shortenings, searched completed, before leaving it out', async () => {
    // Records: « permis rouler » (many) and « permis quadricycle » (few); no record holds « rouler » with
    // « quadricycle », and no record holds « quadri » whole: only its completion finds records.
    const records = [...Array.from({ length: 5 }, () => ['permis', 'rouler']), ['permis', 'quadricycle']];
    const calls: [string, boolean | undefined][] = [];
    const matching = (q: string, open?: boolean) =>
      records.filter((r) =>
        q.split(' ').every((w, i, all) => r.some((v) => v === w || (open && i === all.length - 1 && v.startsWith(w)))),
      );
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => records.flat().some((w) => processTerm(w) === t)),
      words: async () => [],
      total: async (q: string, open?: boolean) => (calls.push([q, open]), matching(q, open).length),
      // « permis rouler »'s best record scores higher: without the open word, it would come first.
      best: async (q: string, open?: boolean) => (q.includes('rouler') ? 9 : matching(q, open).length ? 3 : 0),
    };
    expect(await suggest('permis rouler quadri', source, undefined, true)).toEqual([
      { q: 'permis quadri', total: 1, missing: ['rouler'] },
      { q: 'permis rouler', total: 5, missing: ['quadri'] },
    ]);
    // Only the queries that end with the open word are searched completed.
    for (const [q, open] of calls) expect(open).toBe(q.endsWith('quadri'));
    // The API's suggestions (no open word): « quadri » is a word no record holds, left out.
    expect(await suggest('permis rouler quadri', source)).toEqual([
      { q: 'permis rouler', total: 5, missing: ['quadri'] },
    ]);
  });

  describe('only a non-word is corrected', () => {
    // The index's words, and real words it lacks (0 records: the build's dictionary words near the index, lexicon.ts).
    const words: WordFile = (
      [
        ['bouton', 4],
        ['conduit', 9],
        ['provisoire', 7],
        ['permis', 30],
        ['tonton', 0],
        ['keuf', 0],
      ] as const
    ).map(([word, n]) => [processTerm(word)!, word, n]);
    const held = (q: string) =>
      q.split(' ').every((w) => words.some(([stem, , n]) => n > 0 && stem === processTerm(w)));
    const source = {
      known: async (terms: readonly string[]) => terms.map((t) => words.some(([stem, , n]) => n > 0 && stem === t)),
      words: async () => words.filter(([, , n]) => n > 0),
      lexicon: async () => words.filter(([, , n]) => n === 0),
      total: async (q: string) => (held(q) ? 3 : 0),
      best: async () => 1,
    };

    it('never replaces a real word: tonton is left out, not turned into bouton, and the suggestion says so', async () => {
      expect(await suggest('tonton conduit', source)).toEqual([{ q: 'conduit', total: 3, missing: ['tonton'] }]);
    });

    it('never corrects a number into another number: it is left out when no record holds it', async () => {
      const numbers: WordFile = [...words, ['12', '12', 5], ['23', '23', 2], ['120', '120', 4]];
      const withNumbers = {
        ...source,
        known: async (terms: readonly string[]) => terms.map((t) => numbers.some(([stem, , n]) => n > 0 && stem === t)),
        words: async () => numbers.filter(([, , n]) => n > 0),
        total: async (q: string) =>
          q.split(' ').every((w) => numbers.some(([stem, , n]) => n > 0 && stem === processTerm(w))) ? 3 : 0,
      };
      expect(await suggest('123', withNumbers)).toEqual([]);
      expect(await suggest('permis 123', withNumbers)).toEqual([{ q: 'permis', total: 3, missing: ['123'] }]);
      // A word with letters is still corrected.
      expect((await suggest('permsi 12', withNumbers)).map((s) => s.q)).toEqual(['permis 12']);
    });

    it('recognises a real word by its stem too (keufs, of the lemma keuf)', async () => {
      expect(await suggest('keufs permis', source)).toEqual([{ q: 'permis', total: 3, missing: ['keufs'] }]);
    });

    it('never replaces a word of the synonyms file (known() says so), even when no record holds it', async () => {
      const synonym = {
        ...source,
        known: async (terms: readonly string[]) =>
          terms.map((t) => t === 'bouto' || words.some(([stem, , n]) => n > 0 && stem === t)),
      };
      expect((await suggest('bouto conduit', synonym)).map((s) => s.q)).toEqual(['conduit']);
      expect((await suggest('bouto conduit', source)).map((s) => s.q)).toEqual(['bouton conduit']);
    });

    it('corrects a non-word beside a real word, leaves the real word out, and offers it only (not sure: a word is missing)', async () => {
      expect(await suggest('provisiore tonton', source)).toEqual([{ q: 'provisoire', total: 3, missing: ['tonton'] }]);
    });

    it('applies a correction two edits away only for a word of eight letters or more, with no other candidate as near', async () => {
      // 10 letters, two edits from provisoire and from nothing else: applied.
      expect(await suggest('provisoyrx permis', source)).toEqual([
        { q: 'provisoire permis', total: 3, confident: true },
      ]);
      // 7 letters, two edits from conduit: offered only.
      expect(await suggest('cnoduti permis', source)).toEqual([{ q: 'conduit permis', total: 3 }]);
      // 8 letters, two edits from both conduite and conduire: offered only.
      const two: WordFile = [
        ...words.filter(([, , n]) => n > 0),
        [processTerm('conduire')!, 'conduire', 2],
        [processTerm('conduite')!, 'conduite', 5],
      ];
      const both = { ...source, words: async () => two, total: async () => 3 };
      expect(await suggest('condiuxe permis', both)).toEqual([
        { q: 'conduite permis', total: 3 },
        { q: 'conduire permis', total: 3 },
      ]);
    });

    it('reads a non-word one edit from a function or question word as that word, sure, before any index word', async () => {
      expect(['comben', 'qaund', 'commetn', 'pourqoui', 'avce', 'toujour'].map((w) => stopWordNear(w))).toEqual([
        'combien',
        'quand',
        'comment',
        'pourquoi',
        'avec',
        'toujours',
      ]);
      // Two edits away, one letter replaced (« fais », a verb form, is not « mais »), or shorter than four letters: not
      // a stop word mistyped.
      expect(['cmbein', 'fais', 'sais', 'lr', 'dze', 'permsi'].map((w) => stopWordNear(w))).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // « qaund » is two edits from « gand », an index word here: the stop word is the correction, and it is applied.
      const gand = {
        ...source,
        words: async () => [[processTerm('gand')!, 'gand', 3]] as WordFile,
        // The search leaves stop words out: « quand conduit » finds what « conduit » finds.
        total: async (q: string) => (held(q.replace(/^(quand|gand) /, '')) ? 3 : 0),
      };
      expect(await suggest('qaund conduit', gand)).toEqual([{ q: 'quand conduit', total: 3, confident: true }]);
    });

    it('never offers a real word as a correction', () => {
      // toutan is two edits from both; tonton, a real word no record holds, is never offered.
      expect(corrections('toutan', words).map(([, word]) => word)).toEqual(['bouton']);
    });
  });
});
