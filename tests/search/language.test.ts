import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { openSearchEngine } from '../../src/lib/search/query/search-engine.ts';
import type { SearchManifest, WordFile } from '../../src/lib/search/index/shards.ts';
import {
  activeLanguage,
  LANGUAGE,
  languageName,
  useLanguage,
  type Language,
} from '../../src/lib/search/text/language.ts';
import { processTerm, queryTerms } from '../../src/lib/search/text/normalize.ts';
import { SNOWBALL_FRENCH, SNOWBALL_FRENCH_MIN4 } from '../../scripts/bench/language/snowball.ts';
import { createHash } from 'node:crypto';
import { PROJECT_STOP_WORDS, STOP_WORDS } from '../../src/lib/search/text/stop-words.ts';
import { engineFor, memoryShards } from '../support/search.ts';

const facts = buildCorpus(
  [
    ['fait-00000000000000f1', 'Conduite accompagnée', 'La conduite accompagnée dès 17 ans.'],
    ['fait-00000000000000f2', 'Validité du permis', 'Le permis est valable dix ans.'],
  ].map(([id, title, body]) => ({
    file: `${id}.md`,
    frontmatter: { id, kind: 'fact', title, regions: ['belgique'], sources: [] },
    body: body!,
  })),
  'https://x.example',
);

const SNOWBALL: Language = { stemmer: SNOWBALL_FRENCH, stopWords: LANGUAGE.stopWords };

afterEach(() => {
  useLanguage(LANGUAGE);
});

describe('the language of the index (stemmer and stop words)', () => {
  it('is LANGUAGE unless a bench or a test chooses another, and processTerm follows the choice', () => {
    expect(activeLanguage()).toBe(LANGUAGE);
    const light = processTerm('conduire');
    expect(useLanguage(SNOWBALL)).toBe(LANGUAGE);
    expect(processTerm('conduire')).toBe(SNOWBALL_FRENCH.stem('conduire'));
    expect(processTerm('conduire')).not.toBe(light);
  });

  it('records its name in the manifest of the index it builds', () => {
    const manifest = (language: Language) => {
      useLanguage(language);
      return JSON.parse(memoryShards(facts).files.get('search/manifest.json')!) as SearchManifest;
    };
    expect(manifest(LANGUAGE).language).toBe('light-fr+project-5');
    expect(manifest(SNOWBALL).language).toBe('snowball-fr+project-5');
  });

  it('names the stop-word list after its words: changing them without renaming it fails here', () => {
    // An index records the list's name and an engine refuses another (below), so two lists must never share a name.
    // When the words change, give PROJECT_STOP_WORDS a new name (project-5…) and put the new digest here.
    // The codes (stop words that are terms in capitals) change what the index holds too: they count in the digest.
    const digest = createHash('sha256')
      .update([...STOP_WORDS].sort().join(' '))
      .update(` codes: ${[...(PROJECT_STOP_WORDS.codes ?? [])].sort().join(' ')}`)
      .digest('hex')
      .slice(0, 16);
    expect({ name: PROJECT_STOP_WORDS.name, digest }).toEqual({ name: 'project-5', digest: '346d0e405315f5ea' });
  });

  it('refuses to query an index built with another stemmer, naming both', async () => {
    useLanguage(SNOWBALL);
    const built = memoryShards(facts);
    useLanguage(LANGUAGE);
    await expect(openSearchEngine(built.read)).rejects.toThrow(
      'search/manifest.json was built with language "snowball-fr+project-5", this engine stems with "light-fr+project-5": rebuild the index (npm run build) with the same text/language.ts',
    );
  });

  it('refuses an index that names no language (built before the choice was recorded)', async () => {
    const built = memoryShards(facts);
    const manifest = JSON.parse(built.files.get('search/manifest.json')!) as Partial<SearchManifest>;
    delete manifest.language;
    built.files.set('search/manifest.json', JSON.stringify(manifest));
    await expect(openSearchEngine(built.read)).rejects.toThrow(
      'search/manifest.json was built with language "undefined", this engine stems with "light-fr+project-5"',
    );
  });

  it('finds the same records through another stemmer when the build and the queries share it', async () => {
    for (const language of [LANGUAGE, SNOWBALL]) {
      useLanguage(language);
      const engine = await engineFor(facts);
      expect((await engine.search({ q: 'conduites accompagnées', limit: 10, offset: 0 })).ids, languageName()).toEqual([
        'fait-00000000000000f1',
      ]);
      expect((await engine.search({ q: 'validités permis', limit: 10, offset: 0 })).ids, languageName()).toEqual([
        'fait-00000000000000f2',
      ]);
    }
  });

  it('treats a query of stop words only as no query: every record is listed, as the spec lists records without q', async () => {
    const engine = await engineFor(facts);
    expect(queryTerms('le de la des')).toEqual([]);
    for (const word of ['le', 'de', 'la', 'des', 'het', 'comment']) expect(STOP_WORDS.has(word), word).toBe(true);
    const page = await engine.search({ q: 'le de la des', limit: 10, offset: 0 });
    expect(page.total).toBe(facts.length);
    expect(page.ids).toEqual(['fait-00000000000000f1', 'fait-00000000000000f2']);
  });

  it('gives back, for every word of the vocabulary files, the stem it is filed under: corrections and completions write that word into a query, which is stemmed again (property)', () => {
    const word = fc.stringMatching(/^[a-zàâçéèêîôûœ]{1,12}$/);
    const text = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(' '));
    for (const language of [LANGUAGE, SNOWBALL]) {
      useLanguage(language);
      fc.assert(
        fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (bodies) => {
          const corpus = buildCorpus(
            bodies.map((body, i) => ({
              file: `f${i}.md`,
              frontmatter: {
                id: `fait-${String(i).padStart(16, '0')}`,
                kind: 'fact',
                title: 'Fiche',
                regions: ['belgique'],
                sources: [],
              },
              body,
            })),
            'https://x.example',
          );
          const files = memoryShards(corpus).files;
          const entries = [...files]
            .filter(([path]) => path.startsWith('search/words/'))
            .flatMap(([, json]) => JSON.parse(json) as WordFile);
          expect(entries.length).toBeGreaterThan(0);
          for (const [stem, written] of entries)
            expect(processTerm(written), `${languageName()}: ${written}`).toBe(stem);
        }),
        { numRuns: 25 },
      );
    }
  });

  it('measures Snowball French with the short-stem rule too: no cut under four letters, so words of different meaning stay apart', () => {
    const cut = (word: string) => SNOWBALL_FRENCH.stem(word);
    const ruled = (word: string) => SNOWBALL_FRENCH_MIN4.stem(word);
    for (const [a, b] of [
      ['delai', 'delit'],
      ['taxe', 'taxi'],
      ['mere', 'mer'],
      ['volant', 'vol'],
    ] as [string, string][]) {
      expect(cut(a), `${a} / ${b}`).toBe(cut(b));
      expect(ruled(a), `${a} / ${b}`).not.toBe(ruled(b));
    }
    expect(ruled('accompagnees')).toBe(cut('accompagnees'));
    expect(ruled('rues')).toBe('rue');
  });
});
