import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { buildIndex } from '../../src/lib/search/index/shard-build.ts';
import { toSearchDocument } from '../../src/lib/search/index/search-options.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { testSettings } from '../support/test-build.ts';
import { namedRegions, rankFactors, rankScore } from '../../src/lib/search/score/score.ts';
import { regionBit } from '../../src/lib/search/index/listing.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import { builtEngine, engineFor } from '../support/search.ts';
import { queryTerms } from '../../src/lib/search/text/normalize.ts';
import { createSynonyms, type SynonymsArtefact } from '../../src/lib/search/query/synonyms.ts';
import { readBuilt } from '../support/search.ts';

let n = 0;
function record(fields: Record<string, unknown>, body: string) {
  n += 1;
  const id = (fields.id as string) ?? `fait-${n.toString(16).padStart(16, '0')}`;
  return {
    file: `${id}.md`,
    frontmatter: { id, kind: 'fact', title: 'Titre', regions: ['belgique'], sources: [], ...fields },
    body,
  };
}

const corpus = buildCorpus(
  [
    record({ id: 'fait-00000000000000a1', title: "L'examen théorique" }, 'Le candidat se présente au centre.'),
    record({ id: 'fait-00000000000000a2', title: 'Centre' }, "Le jour de l'examen théorique, apportez votre carte."),
    record({ id: 'fait-00000000000000a3', title: 'Même texte' }, 'Bœuf permis.'),
    record({ id: 'fait-00000000000000a4', title: 'Même texte' }, 'Bœuf permis.'),
    record(
      {
        id: 'fait-00000000000000a5',
        title: 'Sources',
        sources: [{ url: 'https://x.be', label: 'Règlement Zorblat', type: 'source' }],
      },
      'Rien.',
    ),
    record({ id: 'fait-00000000000000a6', title: 'Lié', related: ['fait-00000000000000a5'] }, 'Rien non plus.'),
    record({ id: 'fait-00000000000000a7', title: 'Cours', bibliography: ['Traité Quibble de la route'] }, 'Texte.'),
    record(
      { id: 'page-00000000000000a8', kind: 'lesson', title: 'Leçon', regions: ['wallonie'] },
      'Permis en Wallonie.',
    ),
  ],
  'https://x.example',
);
let engine: SearchEngine;
beforeAll(async () => {
  engine = await engineFor(corpus);
});
const ids = async (q: string, extra: object = {}) => (await engine.search({ q, limit: 50, offset: 0, ...extra })).ids;

describe('search engine', () => {
  it('ranks a title match above a text match', async () => {
    expect(await ids('examen théorique')).toEqual(['fait-00000000000000a1', 'fait-00000000000000a2']);
  });

  it('breaks score ties by id', async () => {
    expect(await ids('boeuf')).toEqual(['fait-00000000000000a3', 'fait-00000000000000a4']);
  });

  it('finds words in source labels, bibliography and related records', async () => {
    expect(await ids('zorblat')).toEqual(['fait-00000000000000a5']);
    expect(await ids('sources')).toEqual(['fait-00000000000000a5', 'fait-00000000000000a6']);
    expect(await ids('quibble')).toEqual(['fait-00000000000000a7']);
  });

  it('needs every significant word', async () => {
    expect(await ids('permis wallonie')).toEqual(['page-00000000000000a8']);
    expect(await ids('permis introuvable')).toEqual([]);
  });

  it('applies kind and region filters to searches and listings', async () => {
    expect(await ids('permis', { kind: 'fact' })).toEqual(['fait-00000000000000a3', 'fait-00000000000000a4']);
    expect(await ids('permis', { region: 'wallonie' })).toEqual(['page-00000000000000a8']);
    expect((await engine.search({ limit: 50, offset: 0, region: 'wallonie' })).ids).toEqual(['page-00000000000000a8']);
  });

  it('lists in id order without q, and pages with offset and limit', async () => {
    const all = await engine.search({ limit: 50, offset: 0 });
    expect(all.ids).toEqual([...all.ids].sort());
    expect(await engine.search({ limit: 2, offset: 2 })).toMatchObject({
      ids: all.ids.slice(2, 4),
      total: all.ids.length,
    });
  });

  it('reports the index terms that matched, for highlighting', async () => {
    expect((await engine.search({ q: "l'Examen", limit: 10, offset: 0 })).terms).toEqual(['examen']);
  });

  it('gives each result its title, excerpt, kind and regions', async () => {
    const [card] = (await engine.search({ q: 'wallonie', limit: 1, offset: 0 })).cards;
    expect(card).toEqual({
      id: 'page-00000000000000a8',
      title: 'Leçon',
      excerpt: 'Permis en Wallonie.',
      kind: 'lesson',
      regions: ['wallonie'],
    });
  });
});

describe('search determinism', () => {
  it('ranks the same words identically whatever their order, case, accents or repetition, and whatever came before', async () => {
    const a = await engineFor(corpus);
    const b = await engineFor(corpus);
    await a.search({ q: 'boeuf permis', limit: 50, offset: 0 });
    const first = await a.search({ q: 'permis Bœuf permis', limit: 50, offset: 0 });
    expect(await b.search({ q: 'PERMIS boeuf', limit: 50, offset: 0 })).toEqual(first);
  });
});

describe('the engine on the built shards and MiniSearch', () => {
  it('rank the test build identically: same matches, same scores order (MiniSearch BM25+, synonyms composed from its scores, times the kind prior, the title coverage and title lead factors and the region prior), ties by id', async () => {
    const facts = await readRecords(testSettings.CONTENT_DIR, testSettings.SITE_URL);
    const raw = buildIndex(facts.map(toSearchDocument));
    // The engine adjusts BM25+ after scoring (score.ts rankScore); MiniSearch's scores get the same adjustments.
    const byteOf = new Map(
      facts.map((f) => [f.id, KINDS.indexOf(f.kind) | (f.regions.reduce((mask, r) => mask | regionBit(r), 0) << 4)]),
    );
    // A query with synonyms (the build's search/synonyms.json) is composed from MiniSearch's own single-term scores:
    // per slot, per option the sum of its terms' scores (each term required) times the option's weight, the best
    // option counting; then MiniSearch's AND (every slot, scores added in slot order, times the term count).
    const synonyms = createSynonyms(JSON.parse(await readBuilt('search/synonyms.json')) as SynonymsArtefact);
    const single = (term: string) =>
      new Map(raw.search(term, { processTerm: (t: string) => t }).map((r) => [r.id, r.score]));
    const and = (maps: Map<string, number>[]) =>
      maps.reduce(
        (total, next) =>
          new Map([...next].filter(([id]) => total.has(id)).map(([id, score]) => [id, total.get(id)! + score])),
      );
    const composed = (q: string) => {
      const slots = synonyms.slots(queryTerms(q)).sort((a, b) => (a.terms.join('+') < b.terms.join('+') ? -1 : 1));
      const perSlot = slots.map((slot) => {
        const best = new Map<string, number>();
        for (const option of slot.options) {
          for (const [id, score] of and(option.terms.map(single)))
            best.set(id, Math.max(best.get(id) ?? 0, option.weight === 1 ? score : option.weight * score));
        }
        return best;
      });
      const quality = slots.reduce((n, s) => n + s.terms.length, 0);
      return [...and(perSlot)].map(([id, score]) => ({ id, score: score * quality }));
    };
    const plain = (q: string) => synonyms.slots(queryTerms(q)).every((slot) => slot.options.length === 1);
    // Then the kind prior, the title coverage, the title lead (the share of slots that some option holds wholly in the
    // title, then in its lead, an indexed field that queries do not search) and the region prior, by score.ts's one
    // formula; MiniSearch's score already holds the term count.
    const inField = (field: string) => (term: string) =>
      new Set(raw.search(term, { fields: [field], processTerm: (t: string) => t }).map((r) => r.id as string));
    const adjusted = (q: string) => (results: { id: string; score: number }[]) => {
      const slots = synonyms.slots(queryTerms(q));
      const held = (field: string, id: string) =>
        slots
          .map((slot) => slot.options.map((o) => o.terms.map(inField(field))))
          .filter((options) => options.some((sets) => sets.every((set) => set.has(id)))).length;
      const factors = rankFactors(slots.length, 1, namedRegions(slots));
      return results.map((r) => ({
        ...r,
        score: rankScore(r.score, byteOf.get(r.id)!, held('title', r.id), held('lead', r.id), factors),
      }));
    };
    const reference = { search: (q: string) => adjusted(q)(plain(q) ? raw.search(q) : composed(q)) };
    const engine = await builtEngine({ cache: { rankings: { entries: 0, bytes: 0 } } });
    const queries = [
      'permis',
      'examen théorique',
      "l'aptitude médicale",
      'permis provisoire bruxelles',
      'rijbewijs',
      'alcool volant',
      'échange permis étranger',
      'tracteur',
      'moto',
      'code 96',
      'zyrkel',
      'quorvex zyrkel',
      'catégorie b remorque',
      'inexistantissime',
      'conduite accompagnée',
      'conduire accompagné',
      'provisoires',
      'begeleider',
      'voorlopig rijbewijs',
      'theorie-examen',
      'begeleider bruxelles',
      'mobylette',
      'gsm au volant',
      'examen du code',
      'pneus neige hiver',
      'permis poids lourd',
      'rijschool brussel',
      'examen théorique wallonie',
    ];
    for (const q of queries) {
      const expected = reference
        .search(q)
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => r.id);
      const page = await engine.search({ q, limit: 10_000, offset: 0 });
      expect(page.ids, q).toEqual(expected);
      expect(page.total, q).toBe(expected.length);
    }
  });
});

describe('pages of a ranking (property)', () => {
  it('equal the matching slice of the full ranking, for any page, size and filter', async () => {
    const fc = (await import('fast-check')).default;
    const engine = await builtEngine();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'permis',
          'examen théorique',
          'alcool',
          'permis conduire',
          'moto',
          'le',
          'begeleider',
          'voorlopig rijbewijs',
          'permis bruxellois',
        ),
        fc.constantFrom(undefined, 'fact', 'lesson', 'offer'),
        fc.constantFrom(undefined, 'wallonie', 'belgique'),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 400 }),
        async (q, kind, region, limit, offset) => {
          const full = await engine.search({
            q,
            kind: kind as never,
            region: region as never,
            limit: 10_000,
            offset: 0,
          });
          const page = await engine.search({ q, kind: kind as never, region: region as never, limit, offset });
          expect(page.ids).toEqual(full.ids.slice(offset, offset + limit));
          expect(page.total).toBe(full.total);
        },
      ),
      { numRuns: 200 },
    );
  });
});
