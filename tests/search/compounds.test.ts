import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { buildShards, shardFileMap } from '../../src/lib/search/index/shard-build.ts';
import { weldedCompounds } from '../../src/lib/search/index/compounds.ts';
import { compileSynonyms, parseSynonyms } from '../../src/lib/search/index/synonyms-file.ts';
import { openSearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { numberedFacts } from '../support/records.ts';

const record = numberedFacts();

describe('welded spellings of hyphenated compounds (index/compounds.ts)', () => {
  it('maps the welded word to the compound’s words at weight 1, sorted, and skips compounds holding a stop word', () => {
    const rules = weldedCompounds(['Une auto-école près du rond-point, peut-être.', 'Le rond-point.'], new Set());
    expect(rules).toEqual([
      { from: ['autoecol'], to: [{ terms: ['auto', 'ecol'], weight: 1 }] },
      { from: ['rondpoint'], to: [{ terms: ['rond', 'point'], weight: 1 }] },
    ]);
  });

  it('leaves a word that the synonyms file maps to the file', () => {
    expect(weldedCompounds(['Une auto-école.'], new Set(['autoecol']))).toEqual([]);
  });

  it('finds the records writing « auto-école » for « autoécole » and « autoecole », in the API’s AND rule too', async () => {
    const filler = Array.from({ length: 20 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`));
    const records = [
      record('Choisir une auto-école', 'Une auto-école agréée à Namur.'),
      record('Une école de musique', 'Les auto-tamponneuses de la foire.'),
      ...filler,
    ];
    const files = shardFileMap(buildShards(buildCorpus(records, 'https://x.example')));
    const engine = await openSearchEngine(async (path) => files.get(path) ?? null);
    const ask = (q: string) => engine.search({ q, limit: 10, offset: 0 });
    const hyphenated = await ask('auto-école Namur');
    expect(hyphenated.ids).toEqual([records[0]!.frontmatter.id]);
    for (const q of ['autoécole Namur', 'autoecole namur']) expect((await ask(q)).ids, q).toEqual(hyphenated.ids);
  });

  it('lets an entry of the synonyms file for the welded word win over the compound', async () => {
    const records = [record('Choisir une auto-école', 'Une auto-école.'), record('Rijschool', 'Une rijschool.')];
    const synonyms = compileSynonyms(parseSynonyms('- from: autoécole\n  to: rijschool\n', 'synonyms.yaml'));
    const files = shardFileMap(buildShards(buildCorpus(records, 'https://x.example'), { synonyms }));
    const engine = await openSearchEngine(async (path) => files.get(path) ?? null);
    expect((await engine.search({ q: 'autoécole', limit: 10, offset: 0 })).ids).toEqual([records[1]!.frontmatter.id]);
  });
});
