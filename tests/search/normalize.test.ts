import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldText,
  processTerm,
  queryTerms,
  queryTokens,
  suggestionText,
  textWords,
  tokenize,
} from '../../src/lib/search/text/normalize.ts';
import { LICENCE_CATEGORY_CODES, STOP_WORDS } from '../../src/lib/search/text/stop-words.ts';

describe('normalisation', () => {
  it('ignores case and accents, and expands œ and æ', () => {
    expect(foldText('Été ÇA Œuvre Cæsar naïf')).toBe('ete ca oeuvre caesar naif');
  });

  it('splits elisions so that the elided article is dropped', () => {
    // A single letter before an apostrophe is no word; a longer one ends there (« qu », « aujourd »); Dutch « auto's » keeps « auto ».
    expect(tokenize("l'examen d’aptitude qu'il aujourd'hui auto's")).toEqual([
      'examen',
      'aptitude',
      'qu',
      'il',
      'aujourd',
      'hui',
      'auto',
      's',
    ]);
    expect(queryTerms("l'examen d’aptitude qu'il")).toEqual(['examen', 'aptitud']);
  });

  it('reads a licence category written in capitals as a term, the same word in lowercase as a stop word', () => {
    const terms = (...words: string[]) => words.map((w) => processTerm(w));
    expect(queryTerms('permis C et CE, catégories D, DE, BE et A')).toEqual(
      terms('permis', 'C', 'CE', 'catégories', 'D', 'DE', 'BE', 'A'),
    );
    expect(terms('C', 'CE', 'D', 'DE', 'BE', 'A')).toEqual(['c', 'ce', 'd', 'de', 'be', 'a']);
    expect(queryTerms('permis c et ce, de be et a')).toEqual(terms('permis'));
    // An elided capital (« C'est », « D'après ») is no category, nor a one-letter first word a phone capitalised,
    // nor « À », whatever its case.
    expect(queryTerms("C'est D’après le permis")).toEqual(terms('après', 'permis'));
    expect(queryTerms('C est quoi le permis')).toEqual(terms('permis'));
    expect(queryTerms('A partir de 18 ans À LOUER')).toEqual(terms('partir', '18', 'ans', 'louer'));
    // A first word of two capitals is typed on purpose: the category.
    expect(queryTerms('BE remorque')).toEqual(terms('BE', 'remorque'));
  });

  it('drops French, Dutch, German and English stop words', () => {
    const terms = (...words: string[]) => words.map((w) => processTerm(w));
    expect(queryTerms('le permis de conduire')).toEqual(terms('permis', 'conduire'));
    expect(queryTerms('het rijbewijs van de bestuurder')).toEqual(terms('rijbewijs', 'bestuurder'));
    expect(queryTerms('der Führerschein und die Prüfung')).toEqual(terms('fuhrerschein', 'prufung'));
    expect(queryTerms('the driving licence of the driver')).toEqual(terms('driving', 'licence', 'driver'));
  });

  it('drops question words, so a question needs only the words an answer contains', () => {
    const terms = (...words: string[]) => words.map((w) => processTerm(w));
    expect(queryTerms('Comment remplacer un permis perdu ?')).toEqual(terms('remplacer', 'permis', 'perdu'));
    expect(queryTerms("Combien d'heures faut-il ? Pourquoi, quand, puis-je, peut-on, dois-je")).toEqual(
      terms('heures'),
    );
    expect(queryTerms('Waarom en wanneer welke rijschool')).toEqual(terms('rijschool'));
    // "que faire ?", "que se passe-t-il ?": the idioms of a question, not words an answer holds.
    expect(queryTerms("J'ai perdu mon permis, que faire ? Que se passe-t-il ensuite ?")).toEqual(
      terms('perdu', 'permis', 'ensuite'),
    );
    // The modal verbs of a question, in every person of the present and the conditional: « peux-tu » asks what « peut-on » asks.
    const modals =
      'peux peut pouvons pouvez peuvent puis pourrais pourrait pourrions pourriez pourraient dois doit devons devez doivent devrais devrait devrions devriez devraient veux veut voulons voulez veulent voudrais voudrait voudrions voudriez voudraient faut faudrait';
    for (const modal of modals.split(' ')) expect(queryTerms(`${modal} conduire`), modal).toEqual(terms('conduire'));
    expect(queryTerms('est-ce que je peux conduire en France')).toEqual(queryTerms('peut-on conduire en France'));
    expect(queryTerms('je veux passer mon permis moto')).toEqual(queryTerms('passer mon permis moto'));
    // Elisions a phone types without the apostrophe are the same stop words.
    expect(queryTerms('jai perdu mon permis')).toEqual(queryTerms("j'ai perdu mon permis"));
    expect(queryTerms('cest quoi le permis a points quon ma dit')).toEqual(
      queryTerms("c'est quoi le permis à points qu'on m'a dit"),
    );
    // Other forms of the verbs stay significant ("passer l'examen").
    expect(queryTerms("passer l'examen")).toEqual(terms('passer', 'examen'));
  });

  it('folds plurals so that singular and plural meet (see stem.test.ts for the other forms)', () => {
    expect(processTerm('examens')).toBe(processTerm('examen'));
    expect(processTerm('Feux')).toBe(processTerm('feu'));
    expect(processTerm('bus')).toBe('bus');
  });

  it('deduplicates query terms and keeps their order', () => {
    expect(queryTerms('Permis permis PERMIS examen')).toEqual(['permi', 'examen']);
  });

  it('gives the same terms for any accent or case variant of a word (property)', () => {
    const letters = fc.constantFrom(...'aeiouceno');
    const accented: Record<string, string[]> = {
      a: ['à', 'â', 'A'],
      e: ['é', 'è', 'ê', 'ë', 'É'],
      i: ['î', 'ï'],
      o: ['ô', 'Ö'],
      u: ['ù', 'û', 'ü'],
      c: ['ç', 'C'],
      n: ['ñ'],
    };
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 12 }), fc.nat(), (chars, seed) => {
        const plain = chars.join('');
        const variant = chars
          .map((c, i) => (accented[c] ? accented[c]![(seed + i) % accented[c]!.length]! : c))
          .join('');
        expect(queryTerms(variant)).toEqual(queryTerms(plain));
      }),
    );
  });

  it('reads a U+FFFD between letters of a query as an unknown letter of one word, and elsewhere as a separator', () => {
    // The index reads records with WORD: U+FFFD separates, so no index word holds one.
    expect(tokenize('th\uFFFDorique')).toEqual(['th', 'orique']);
    // A query reads it as one word, which no record holds and the correction turns into « théorique » (one edit).
    expect(queryTokens('examen th\uFFFDorique')).toEqual(['examen', 'th\uFFFDorique']);
    expect(queryTerms('th\uFFFD\uFFFDorique')).toEqual([processTerm('th\uFFFD\uFFFDorique')]);
    expect(textWords('th\uFFFDorique').map((w) => w.text)).toEqual(['th\uFFFDorique']);
    // At a word's edge, or alone, it separates words, as punctuation does; so does any other symbol.
    expect(queryTokens('\uFFFDpermis\uFFFD \uFFFD moto\uFFFD A2 🚗vélo')).toEqual(['permis', 'moto', 'A2', 'vélo']);
    expect(queryTokens("l'\uFFFDexamen")).toEqual(['examen']);
    expect(queryTerms('\uFFFD')).toEqual([]);
  });

  it('writes a suggestion without symbols or control characters, which separate words as a space does', () => {
    expect(suggestionText('\uFFFDlorsque')).toBe('lorsque');
    expect(suggestionText('permis \uFFFD moto\uFFFDA2')).toBe('permis moto A2');
    expect(suggestionText('permis 🚗\u0007  B+E\u200b ?')).toBe('permis B E ?');
    expect(suggestionText("l'examen, permis-moto")).toBe("l'examen, permis-moto");
  });

  it('never returns a stop word (but a licence category the query writes in capitals) or an empty term, whatever the input (property)', () => {
    const words = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      // Words of the stop-word list and their capitals, so that codes and their lowercase forms come up often.
      fc
        .array(fc.constantFrom('a', 'A', 'c', 'C', "C'est", 'de', 'DE', 'BE', 'be', 'Ce', 'CE', 'À', 'permis', ' '), {
          maxLength: 8,
        })
        .map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(words, (q) => {
        const capitals = new Set(
          tokenize(q)
            .filter((w) => w === w.toUpperCase())
            .map((w) => w.toLowerCase()),
        );
        for (const term of queryTerms(q)) {
          expect(term.length).toBeGreaterThan(0);
          if (STOP_WORDS.has(term)) {
            expect(LICENCE_CATEGORY_CODES.has(term)).toBe(true);
            expect(capitals.has(term)).toBe(true);
          }
          expect(term).toBe(term.toLowerCase());
        }
      }),
    );
  });
});
