import { describe, expect, it } from 'vitest';
import { alternativesOf, canonicalTerm, EQUIVALENT_WORDS, TRANSLATION_WEIGHT, TRANSLATIONS } from '../../src/lib/search/equivalents.ts';
import { foldText, processTerm, queryTerms } from '../../src/lib/search/normalize.ts';
import { stem } from '../../src/lib/search/stem.ts';
import { REGIONS } from '../../src/lib/schema/vocabulary.ts';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { engineFor } from '../support/search.ts';

const same = (...words: string[]) => new Set(words.map((w) => processTerm(w))).size === 1;

/** A search engine over a few fact records of one region, each [id, title, body]. */
function engineOver(region: string, records: [string, string, string][]) {
  const files = records.map(([id, title, body]) => ({ file: `${id}.md`, frontmatter: { id, kind: 'fact', title, regions: [region], sources: [] }, body }));
  return engineFor(buildCorpus(files, 'https://x.example'));
}

describe('equivalent words', () => {
  it('make a region, its French adjectives and its Dutch name one term', () => {
    expect(same('Bruxelles', 'bruxellois', 'bruxelloises', 'Brussel', 'Brusselse')).toBe(true);
    expect(same('Wallonie', 'wallon', 'wallonnes', 'Wallonië', 'Waalse')).toBe(true);
    expect(same('Flandre', 'flamand', 'flamandes', 'Vlaanderen', 'Vlaams', 'Vlaamse')).toBe(true);
    expect(same('Belgique', 'belge', 'belges', 'België', 'Belgische')).toBe(true);
  });

  it('cover every region of the API, each in its own group', () => {
    for (const region of REGIONS) expect(EQUIVALENT_WORDS.some((group) => group[0] === region), region).toBe(true);
    expect(new Set(REGIONS.map((r) => processTerm(r))).size).toBe(REGIONS.length);
  });

  it('give each stem one group only, and leave other words to the stemmer', () => {
    const stems = EQUIVALENT_WORDS.flatMap((group) => group.map((w) => stem(foldText(w))));
    const owner = new Map<string, number>();
    EQUIVALENT_WORDS.forEach((group, g) => group.forEach((w) => {
      const s = stem(foldText(w));
      expect(owner.get(s) ?? g, `${w} is in two groups`).toBe(g);
      owner.set(s, g);
    }));
    expect(stems.length).toBeGreaterThan(0);
    expect(canonicalTerm('examen')).toBe('examen');
    expect(processTerm('permis')).not.toBe(processTerm('rijbewijs'));
  });

  it('make "permis bruxellois" and "permis Bruxelles" the same query', () => {
    expect(queryTerms('permis bruxellois')).toEqual(queryTerms('permis Bruxelles'));
  });
});

describe('equivalent words in a search', () => {
  it('satisfy the AND rule: a record that says "Région bruxelloise" holds the word "bruxelles"', async () => {
    const engine = await engineOver('bruxelles', [
      ['fait-00000000000000b1', 'Permis provisoire en Région bruxelloise', 'Conditions du permis provisoire.'],
      ['fait-00000000000000b2', 'Permis provisoire', 'Conditions générales.'],
    ]);
    const search = async (q: string) => (await engine.search({ q, limit: 10, offset: 0 })).ids;
    expect(await search('permis provisoire bruxelles')).toEqual(['fait-00000000000000b1']);
    expect(await search('permis provisoire Brussel')).toEqual(['fait-00000000000000b1']);
  });
});

describe('translations (Dutch query words and their French equivalents)', () => {
  it('give a Dutch word its French equivalents, and French words none (one way)', () => {
    expect(alternativesOf(processTerm('begeleiders')!)).toEqual([processTerm('guide'), processTerm('accompagnateur')]);
    expect(alternativesOf(processTerm('Voorlopig')!)).toEqual([processTerm('provisoire')]);
    for (const french of Object.values(TRANSLATIONS).flat()) expect(alternativesOf(processTerm(french)!), french).toEqual([]);
    expect(TRANSLATION_WEIGHT).toBeGreaterThan(0);
    expect(TRANSLATION_WEIGHT).toBeLessThan(1);
  });

  it('find a record that holds only the French word, after one that holds the Dutch word, and keep the AND rule', async () => {
    const engine = await engineOver('flandre', [
      ['fait-00000000000000c1', 'Le guide', 'Qui peut être guide.'],
      ['fait-00000000000000c2', 'Le begeleider', 'Qui peut être begeleider.'],
      ['fait-00000000000000c3', 'Autre', 'Rien à voir.'],
      ['fait-00000000000000c4', 'Le guide en Flandre', 'Un guide et un examen.'],
    ]);
    const search = (q: string) => engine.search({ q, limit: 10, offset: 0 });
    expect((await search('begeleider')).ids).toEqual(['fait-00000000000000c2', 'fait-00000000000000c1', 'fait-00000000000000c4']);
    expect((await search('begeleider examen')).ids).toEqual(['fait-00000000000000c4']);
    expect((await search('guide')).ids).not.toContain('fait-00000000000000c2');
    expect((await search('begeleider')).terms).toEqual(expect.arrayContaining([processTerm('begeleider'), processTerm('guide')]));
  });
});

describe('the scorer with alternatives', () => {
  it('takes the best of a word and its weighted alternatives, never their sum', async () => {
    const { createScorer } = await import('../../src/lib/search/scorer.ts');
    const scorer = createScorer({ records: 3, fields: ['title'], averageFieldLength: [2] });
    const list = (docs: number[]) => [{ docs: Int32Array.from(docs), freqs: Int32Array.from(docs, () => 1), lengths: Int32Array.from(docs, () => 2) }];
    const own = scorer.score(['a'], [list([0, 1])]);
    const alone = scorer.score(['b'], [list([1, 2])]);
    const both = scorer.score(['a'], [list([0, 1])], [[{ postings: list([1, 2]), weight: 0.5 }]]);
    const scoreOf = (r: { docs: Int32Array; scores: Float64Array }, doc: number) => r.scores[Array.from(r.docs).indexOf(doc)];
    expect([...both.docs].sort()).toEqual([0, 1, 2]);
    expect(scoreOf(both, 1)).toBe(scoreOf(own, 1));
    expect(scoreOf(both, 2)).toBe(0.5 * scoreOf(alone, 2)!);
    expect(scorer.score(['a'], [undefined], [[{ postings: list([2]), weight: 0.5 }]]).docs).toEqual(Int32Array.from([2]));
    expect(scorer.score(['a'], [undefined], [[{ postings: undefined, weight: 0.5 }]]).docs.length).toBe(0);
  });
});
