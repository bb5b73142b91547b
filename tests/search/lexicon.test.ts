import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dicWords, FORMS_CACHE, inflectedForms, nearWords } from '../../src/lib/search/index/lexicon.ts';
import { editDistance, maxDistance, stopWordNear } from '../../src/lib/search/assist/suggest.ts';
import { processTerm } from '../../src/lib/search/text/normalize.ts';
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

  it('keeps exactly the words a brute-force comparison with every index word keeps (hashed symmetric deletes, fast-check)', () => {
    // Every word against every index word: what nearWords computes through the hashes of their deletes. A letter is
    // never deleted to nothing, so two one-letter words are never near.
    const reference = (lexicon: string[], vocabulary: [string, string, number][]) => {
      const forms = new Set(vocabulary.map(([, word]) => word));
      const stems = new Set(vocabulary.map(([stem]) => stem));
      const near = (word: string) => {
        const max = maxDistance(word);
        return [...forms].some(
          (form) => editDistance(word, form, max) <= max && (word.length > 1 || form.length > 1 || word === form),
        );
      };
      const kept = lexicon.filter((word) => {
        const term = processTerm(word);
        if (forms.has(word) || term === null || stems.has(term)) return false;
        return near(word) || near(`${word}s`) || stopWordNear(word) !== undefined;
      });
      return [...new Set(kept)].sort();
    };
    // Few letters, so that words often lie within an edit or two of each other.
    const word = fc.stringMatching(/^[abest]{1,9}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.uniqueArray(word, { maxLength: 12 }), (lexicon, forms) => {
        const vocabulary = forms
          .filter((form) => processTerm(form) !== null)
          .map((form): [string, string, number] => [processTerm(form)!, form, 1]);
        expect(nearWords(lexicon, vocabulary)).toEqual(reference(lexicon, vocabulary));
      }),
      { numRuns: 500 },
    );
  });

  it("expands a dictionary's affixes into its forms, folded, without names, and keeps them in the cache", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    // A made-up word, so that no other test's cache entry is this one.
    const dictionary = {
      aff: encode('SET UTF-8\nSFX A Y 2\nSFX A er ais er\nSFX A er é er\n'),
      dic: encode('3\nzorgluber/A\nZorglub\nzorglubette\n'),
    };
    const expected = ['zorglubais', 'zorglube', 'zorgluber', 'zorglubette'];
    expect(await inflectedForms(dictionary)).toEqual(expected);
    const hash = createHash('sha256').update(dictionary.aff).update(dictionary.dic).digest('hex').slice(0, 16);
    const cached = join(FORMS_CACHE, `forms-1-${hash}.txt`);
    expect((await readFile(cached, 'utf8')).split('\n')).toEqual(expected);
    // Read back from the cache: what it holds is what the next build gets.
    await writeFile(cached, 'zorglub\n');
    expect(await inflectedForms(dictionary)).toEqual(['zorglub']);
    await rm(cached);
  });

  it('keeps the dictionary words that would be read as a stop word mistyped (« puits » is not « puis »), not others', () => {
    expect(nearWords(['puits', 'centre', 'zebre', 'mais', 'fais'], [['permi', 'permis', 9]])).toEqual([
      'centre',
      'puits',
    ]);
  });
});

describe("the issue's examples on the built site: no real word is rewritten into another word", () => {
  // Each holds a real French or Dutch word that no record (or only a synonym) holds; every suggestion keeps its words
  // as typed or leaves some out, or completes a cut last word (« perm »: « permis »), and none is applied at once
  // unless it only leaves words out.
  for (const q of [
    'renouveler mon perm',
    'tonton conduit sans permis',
    'permis pour ma copine',
    'les keufs',
    'voiture de mon daron',
    'gsm au volant amende',
    'pote',
    // Inflected forms are words too: « fais » is never « fait », « savais » never « avais ».
    'je fais mon permis moto',
    'savais permis moto',
  ]) {
    it(`"${q}"`, async () => {
      const engine = await builtEngine();
      const typed = new Set(q.split(' '));
      const last = q.split(' ').at(-1)!;
      for (const suggestion of await engine.suggest({ q })) {
        const words = suggestion.q.split(' ');
        const added = words.filter((word) => !typed.has(word));
        // Only the last word may differ, and only as a longer word that starts with it, offered, never applied.
        const completed = added.length === 1 && added[0] === words.at(-1) && added[0]!.startsWith(last);
        if (completed) expect(suggestion.confident, JSON.stringify(suggestion)).toBeUndefined();
        else expect(added, JSON.stringify(suggestion)).toEqual([]);
      }
    });
  }
});

describe('a cut last word is completed in the suggestions, before any correction (suggest.ts)', () => {
  it('suggests « permis de conduire », not « permis de connu », for « permis de condu », and never applies it', async () => {
    const engine = await builtEngine();
    const [first] = await engine.suggest({ q: 'permis de condu' });
    expect(first).toMatchObject({ q: 'permis de conduire' });
    expect(first!.confident).toBeUndefined();
    expect(first!.total).toBeGreaterThan(0);
    // A space after the word: it was not cut, and its corrections come as before.
    expect((await engine.suggest({ q: 'permis de condu ' })).map((s) => s.q)).not.toContain('permis de conduire');
  });

  it('never grows a word of the synonyms file (« pote » into « poteau »), nor offers another form of the word typed', async () => {
    const engine = await builtEngine();
    expect(await engine.lastWordGrows('pote')).toBe(false);
    expect((await engine.suggest({ q: 'pote', kind: 'tool' })).map((s) => s.q)).not.toContain('poteau');
    expect(await engine.lastWordGrows('amende excès de vit')).toBe(true);
    for (const suggestion of await engine.suggest({ q: 'gsm au volant amende' }))
      expect(suggestion.q).not.toBe('gsm au volant amendes');
  });
});
