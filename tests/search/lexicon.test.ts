import { describe, expect, it } from 'vitest';
import { dicWords, nearWords } from '../../src/lib/search/index/lexicon.ts';
import { builtEngine } from '../support/search.ts';

describe('the real words near the index (lexicon.ts)', () => {
  it('reads the lemmas of a hunspell .dic file, folded, without flags, names or multi-token entries', () => {
    expect(dicWords("5\ntonton/S.\nÉcole/S.\ncopine/S. po:nom\ngsm\tpo:nom\naujourd'hui\n")).toEqual([
      'tonton',
      'copine',
      'gsm',
    ]);
  });

  it('keeps the dictionary words within a correction of an index word (or whose plural is), never an index word, never a far one', () => {
    const vocabulary: [string, string, number][] = [
      ['bouton', 'bouton', 3],
      ['neuf', 'neuf', 2],
      ['permi', 'permis', 9],
    ];
    expect(nearWords(['tonton', 'bouton', 'keuf', 'keufs', 'zebre', 'permis', 'boutons'], vocabulary)).toEqual([
      'keuf',
      'keufs',
      'tonton',
    ]);
  });
});

describe("the issue's examples on the built site: no real word is rewritten into another word", () => {
  // Each holds a real French or Dutch word that no record (or only a synonym) holds; every suggestion keeps its words
  // as typed or leaves some out, and none is applied at once unless it only leaves words out.
  for (const q of [
    'renouveler mon perm',
    'tonton conduit sans permis',
    'permis pour ma copine',
    'les keufs',
    'voiture de mon daron',
    'gsm au volant amende',
    'pote',
  ]) {
    it(`"${q}"`, async () => {
      const engine = await builtEngine();
      const typed = new Set(q.split(' '));
      for (const suggestion of await engine.suggest({ q })) {
        expect(
          suggestion.q.split(' ').filter((word) => !typed.has(word)),
          JSON.stringify(suggestion),
        ).toEqual([]);
      }
    });
  }
});
