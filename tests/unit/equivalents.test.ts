import { describe, expect, it } from 'vitest';
import { canonicalTerm, EQUIVALENT_WORDS } from '../../src/lib/search/equivalents.ts';
import { foldText, processTerm, queryTerms } from '../../src/lib/search/normalize.ts';
import { stem } from '../../src/lib/search/stem.ts';
import { REGIONS } from '../../src/lib/schema/vocabulary.ts';

const same = (...words: string[]) => new Set(words.map((w) => processTerm(w))).size === 1;

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
    const { buildCorpus } = await import('../../src/lib/records/build-corpus.ts');
    const { engineFor } = await import('../support/search.ts');
    const record = (id: string, title: string, body: string) => ({ file: `${id}.md`, frontmatter: { id, kind: 'fact', title, regions: ['bruxelles'], sources: [] }, body });
    const engine = await engineFor(buildCorpus([
      record('fait-00000000000000b1', 'Permis provisoire en Région bruxelloise', 'Conditions du permis provisoire.'),
      record('fait-00000000000000b2', 'Permis provisoire', 'Conditions générales.'),
    ], 'https://x.example'));
    const search = async (q: string) => (await engine.search({ q, limit: 10, offset: 0 })).ids;
    expect(await search('permis provisoire bruxelles')).toEqual(['fait-00000000000000b1']);
    expect(await search('permis provisoire Brussel')).toEqual(['fait-00000000000000b1']);
  });
});
