import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { createSearchEngine } from '../../src/lib/search/search-engine.ts';
import { buildIndex } from '../../src/lib/search/build-index.ts';
import { buildListing, type Listing } from '../../src/lib/search/listing.ts';
import { kindPrior } from '../../src/lib/search/rank-adjust.ts';
import MiniSearch from 'minisearch';
import { searchOptions, toSearchDocument } from '../../src/lib/search/search-options.ts';
import { chunkPath, loadIndex, splitIndex } from '../../src/lib/search/index-files.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { testSettings } from '../support/test-build.ts';

let n = 0;
function record(fields: Record<string, unknown>, body: string) {
  n += 1;
  const id = (fields.id as string) ?? `fait-${n.toString(16).padStart(16, '0')}`;
  return { file: `${id}.md`, frontmatter: { id, kind: 'fact', title: 'Titre', regions: ['belgique'], sources: [], ...fields }, body };
}

const corpus = buildCorpus(
  [
    record({ id: 'fait-00000000000000a1', title: "L'examen théorique" }, 'Le candidat se présente au centre.'),
    record({ id: 'fait-00000000000000a2', title: 'Centre' }, "Le jour de l'examen théorique, apportez votre carte."),
    record({ id: 'fait-00000000000000a3', title: 'Même texte' }, 'Bœuf permis.'),
    record({ id: 'fait-00000000000000a4', title: 'Même texte' }, 'Bœuf permis.'),
    record({ id: 'fait-00000000000000a5', title: 'Sources', sources: [{ url: 'https://x.be', label: 'Règlement Zorblat', type: 'source' }] }, 'Rien.'),
    record({ id: 'fait-00000000000000a6', title: 'Lié', related: ['fait-00000000000000a5'] }, 'Rien non plus.'),
    record({ id: 'fait-00000000000000a7', title: 'Cours', bibliography: ['Traité Quibble de la route'] }, 'Texte.'),
    record({ id: 'page-00000000000000a8', kind: 'lesson', title: 'Leçon', regions: ['wallonie'] }, 'Permis en Wallonie.'),
  ],
  'https://x.example',
);
const engine = createSearchEngine(JSON.stringify(buildIndex(corpus.map(toSearchDocument))), buildListing(corpus));
const ids = (q: string, extra: object = {}) => engine.search({ q, limit: 50, offset: 0, ...extra }).ids;

describe('search engine', () => {
  it('ranks a title match above a text match', () => {
    expect(ids('examen théorique')).toEqual(['fait-00000000000000a1', 'fait-00000000000000a2']);
  });

  it('breaks score ties by id', () => {
    expect(ids('boeuf')).toEqual(['fait-00000000000000a3', 'fait-00000000000000a4']);
  });

  it('finds words in source labels, bibliography and related records', () => {
    expect(ids('zorblat')).toEqual(['fait-00000000000000a5']);
    expect(ids('sources')).toEqual(['fait-00000000000000a5', 'fait-00000000000000a6']);
    expect(ids('quibble')).toEqual(['fait-00000000000000a7']);
  });

  it('needs every significant word', () => {
    expect(ids('permis wallonie')).toEqual(['page-00000000000000a8']);
    expect(ids('permis introuvable')).toEqual([]);
  });

  it('applies kind and region filters to searches and listings', () => {
    expect(ids('permis', { kind: 'fact' })).toEqual(['fait-00000000000000a3', 'fait-00000000000000a4']);
    expect(ids('permis', { region: 'wallonie' })).toEqual(['page-00000000000000a8']);
    expect(engine.search({ limit: 50, offset: 0, region: 'wallonie' }).ids).toEqual(['page-00000000000000a8']);
  });

  it('lists in id order without q, and pages with offset and limit', () => {
    const all = engine.search({ limit: 50, offset: 0 });
    expect(all.ids).toEqual([...all.ids].sort());
    expect(engine.search({ limit: 2, offset: 2 })).toMatchObject({ ids: all.ids.slice(2, 4), total: all.ids.length });
  });

  it('reports the index terms that matched, for highlighting', () => {
    expect(engine.search({ q: "l'Examen", limit: 10, offset: 0 }).terms).toEqual(['examen']);
  });
});

describe('the built index', () => {
  it('answers like a fresh index of the same records after loadJSON (round trip)', async () => {
    const facts = await readRecords(testSettings.CONTENT_DIR, testSettings.SITE_URL);
    const fresh = buildIndex(facts.map(toSearchDocument));
    const read = (path: string) => readFile(join(testSettings.DIST_DIR, path), 'utf8');
    const loaded = MiniSearch.loadJS(await loadIndex(await read('search/index.json'), (n) => read(chunkPath(n))), searchOptions);
    expect(loaded.documentCount).toBe(facts.length);
    for (const q of ['permis', 'examen théorique', "l'aptitude", 'quorvex', 'zyrkel école', 'rijbewijs']) {
      expect(loaded.search(q)).toEqual(fresh.search(q));
    }
  });
});

describe('search determinism', () => {
  it('ranks the same words identically whatever their order, case, accents or repetition, and whatever came before', () => {
    const fresh = () => createSearchEngine(JSON.stringify(buildIndex(corpus.map(toSearchDocument))), buildListing(corpus));
    const a = fresh();
    const b = fresh();
    a.search({ q: 'boeuf permis', limit: 50, offset: 0 });
    const first = a.search({ q: 'permis Bœuf permis', limit: 50, offset: 0 });
    expect(b.search({ q: 'PERMIS boeuf', limit: 50, offset: 0 })).toEqual(first);
  });
});

describe('index files', () => {
  it('splits the index into chunks under the size limit and reloads it exactly', async () => {
    const built = buildIndex(corpus.map(toSearchDocument));
    const { head, chunks } = splitIndex(built, 200);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(JSON.parse(chunk).length).toBeGreaterThan(0);
    const loaded = MiniSearch.loadJS(await loadIndex(head, async (n) => chunks[n]!), searchOptions);
    const canonical = (index: typeof built) => {
      const js = index.toJSON();
      return { ...js, index: [...js.index].sort(([a], [b]) => (a < b ? -1 : 1)) };
    };
    expect(canonical(loaded)).toEqual(canonical(built));
    for (const q of ['permis', 'boeuf', 'examen théorique']) expect(loaded.search(q)).toEqual(built.search(q));
  });
});

describe('the engine and MiniSearch', () => {
  it('rank the built corpus identically: same matches, same scores order (MiniSearch BM25+ times the kind prior), ties by id', async () => {
    const read = (path: string) => readFile(join(testSettings.DIST_DIR, path), 'utf8');
    const plain = await loadIndex(await read('search/index.json'), (n) => read(chunkPath(n)));
    const listing = JSON.parse(await read('search/listing.json')) as Listing;
    const engine = createSearchEngine(plain, listing, { cache: { rankings: { entries: 0, bytes: 0 } } });
    const raw = MiniSearch.loadJS(plain, searchOptions);
    // The engine adjusts BM25+ after scoring (rank-adjust.ts); MiniSearch's scores get the same documented prior.
    const kindOf = new Map(listing.ids.map((id, i) => [id, listing.kinds[i]!]));
    const reference = { search: (q: string) => raw.search(q).map((r) => ({ ...r, score: r.score * kindPrior(kindOf.get(r.id)!) })) };
    const queries = ['permis', 'examen théorique', "l'aptitude médicale", 'permis provisoire bruxelles', 'rijbewijs', 'alcool volant',
      'échange permis étranger', 'tracteur', 'moto', 'code 96', 'zyrkel', 'quorvex zyrkel', 'catégorie b remorque', 'inexistantissime'];
    for (const q of queries) {
      const expected = reference.search(q).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.id);
      const page = engine.search({ q, limit: 10_000, offset: 0 });
      expect(page.ids, q).toEqual(expected);
      expect(page.total, q).toBe(expected.length);
    }
  });
});

describe('pages of a ranking (property)', () => {
  it('equal the matching slice of the full ranking, for any page, size and filter', async () => {
    const fc = (await import('fast-check')).default;
    const read = (path: string) => readFile(join(testSettings.DIST_DIR, path), 'utf8');
    const plain = await loadIndex(await read('search/index.json'), (n) => read(chunkPath(n)));
    const engine = createSearchEngine(plain, JSON.parse(await read('search/listing.json')));
    fc.assert(
      fc.property(
        fc.constantFrom('permis', 'examen théorique', 'alcool', 'permis conduire', 'moto', 'le'),
        fc.constantFrom(undefined, 'fact', 'lesson', 'offer'),
        fc.constantFrom(undefined, 'wallonie', 'belgique'),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 400 }),
        (q, kind, region, limit, offset) => {
          const full = engine.search({ q, kind: kind as never, region: region as never, limit: 10_000, offset: 0 });
          const page = engine.search({ q, kind: kind as never, region: region as never, limit, offset });
          expect(page.ids).toEqual(full.ids.slice(offset, offset + limit));
          expect(page.total).toBe(full.total);
        },
      ),
      { numRuns: 200 },
    );
  });
});
