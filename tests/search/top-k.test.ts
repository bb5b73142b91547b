import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { REGIONS } from '../../src/lib/schema/vocabulary.ts';
import type { SynonymsArtefact } from '../../src/lib/search/query/synonyms.ts';
import { openSearchEngine, type FactsQuery, type SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { openShardStore } from '../../src/lib/search/store/shard-store.ts';
import { createTopK } from '../../src/lib/search/top-k/top-k.ts';
import { createReferenceEvaluator } from '../../src/lib/search/score/reference.ts';
import { queryTerms } from '../../src/lib/search/text/normalize.ts';
import { createSynonyms } from '../../src/lib/search/query/synonyms.ts';
import { memoryShards } from '../support/search.ts';

// Few words, so that records tie often and queries match many records; singular and plural share a stem.
// 'bruxelles' and 'flandre' name regions (the region prior of score.ts); records get random regions.
const WORDS = [
  'permis',
  'examen',
  'examens',
  'voiture',
  'voitures',
  'moto',
  'route',
  'routes',
  'alcool',
  'camion',
  'théorique',
  'theoriques',
  'bruxelles',
  'flandre',
];

// Kinds whose records need no extra data, with their id prefixes: priors 1 (fact, expertise) and 0.9 (the others).
const KIND_PREFIXES = [
  ['fact', 'fait-'],
  ['expertise', 'expertise-fait-'],
  ['lesson', 'page-'],
  ['article', 'page-'],
  ['tool', 'page-'],
  ['page', 'page-'],
] as const;

interface Spec {
  title: number[];
  body: number[];
  kind: number;
  regions: number[];
}

const recordSpec: fc.Arbitrary<Spec> = fc.record({
  title: fc.array(fc.nat(WORDS.length - 1), { minLength: 1, maxLength: 3 }),
  body: fc.array(fc.nat(WORDS.length - 1), { maxLength: 8 }),
  kind: fc.nat(KIND_PREFIXES.length - 1),
  regions: fc.uniqueArray(fc.nat(REGIONS.length - 1), { minLength: 1, maxLength: 2 }),
});

function corpusOf(specs: readonly Spec[]) {
  const files = specs.map((spec, i) => {
    const [kind, prefix] = KIND_PREFIXES[spec.kind]!;
    const id = `${prefix}${i.toString(16).padStart(16, '0')}`;
    const frontmatter = {
      id,
      kind,
      title: spec.title.map((w) => WORDS[w]).join(' '),
      regions: spec.regions.map((r) => REGIONS[r]),
      sources: [],
    };
    return { file: `${id}.md`, frontmatter, body: spec.body.map((w) => WORDS[w]).join(' ') || 'rien' };
  });
  return buildCorpus(files, 'https://x.example');
}

/** Synonym rules between words of WORDS: one-way, with weights from 0.05 to 1. */
const synonymsSpec: fc.Arbitrary<SynonymsArtefact> = fc
  .array(
    fc.record({
      from: fc.nat(WORDS.length - 1),
      to: fc.array(fc.nat(WORDS.length - 1), { minLength: 1, maxLength: 2 }),
      weight: fc.integer({ min: 1, max: 20 }),
    }),
    { maxLength: 3 },
  )
  .map((rules) => ({
    version: 1,
    rules: rules.map((r) => ({
      from: queryTerms(WORDS[r.from]!),
      to: r.to.map((w) => ({ terms: queryTerms(WORDS[w]!), weight: r.weight / 20 })),
    })),
  }));

const querySpec = fc.record({
  words: fc.array(
    fc.oneof(
      fc.nat(WORDS.length - 1).map((w) => WORDS[w]!),
      fc.constant('zyrkel'),
    ),
    { minLength: 1, maxLength: 3 },
  ),
  kind: fc.option(fc.constantFrom(...KIND_PREFIXES.map(([kind]) => kind)), { nil: undefined }),
  region: fc.option(fc.constantFrom(...REGIONS), { nil: undefined }),
  // Mostly small pages of many matches, where pruning matters; sometimes deep ones.
  limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 50 })),
  offset: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 10_000 })),
});

async function engines(specs: readonly Spec[], synonyms: SynonymsArtefact, batch: number) {
  const { read } = memoryShards(corpusOf(specs), { synonyms });
  const off = { rankings: { entries: 0, bytes: 0 } };
  const [topK, reference] = await Promise.all([
    openSearchEngine(read, { cache: off, batch }),
    openSearchEngine(read, { cache: off, evaluator: createReferenceEvaluator }),
  ]);
  return { topK, reference };
}

async function same(topK: SearchEngine, reference: SearchEngine, query: FactsQuery) {
  const [got, want] = await Promise.all([topK.search(query), reference.search(query)]);
  expect(got.ids, JSON.stringify(query)).toEqual(want.ids);
  expect(got.total).toBe(want.total);
  expect(got.terms).toEqual(want.terms);
  const filters = { q: query.q, kind: query.kind, region: query.region };
  expect(await topK.facets(filters)).toEqual(await reference.facets(filters));
}

describe('top-k evaluation against the reference evaluator', () => {
  it('gives the same ids, order (ties by id), total, terms and facets on random corpora, synonyms, stems, filters and offsets (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordSpec, { minLength: 1, maxLength: 300 }),
        synonymsSpec,
        fc.constantFrom(1, 4, 16, 256),
        fc.array(querySpec, { minLength: 1, maxLength: 6 }),
        async (specs, synonyms, batch, queries) => {
          const { topK, reference } = await engines(specs, synonyms, batch);
          for (const { words, ...rest } of queries) await same(topK, reference, { q: words.join(' '), ...rest });
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  /** Top-k, reading one record at a time, gives the reference's first records of queries of `words` (of WORDS 0 to `highest`) on corpora of `record`. */
  async function sameFirstRecords(
    record: fc.Arbitrary<Spec>,
    words: { minLength: number; maxLength: number },
    highest = 3,
  ) {
    const noSynonyms: SynonymsArtefact = { version: 1, rules: [] };
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 20, maxLength: 200 }),
        fc.uniqueArray(fc.nat(highest), words),
        fc.integer({ min: 1, max: 3 }),
        async (specs, query, limit) => {
          const { topK, reference } = await engines(specs, noSynonyms, 1);
          await same(topK, reference, { q: query.map((w) => WORDS[w]).join(' '), limit, offset: 0 });
        },
      ),
      { numRuns: 300 },
    );
  }

  it('gives the same first records of multi-word queries where titles cover some words only, reading one record at a time (property)', async () => {
    // Titles of one word and bodies of several: a record's title covers one slot of a two- or three-word query, the
    // case where the title coverage factor of an unread record is between 1 and 1 + TITLE_COVERAGE_BONUS.
    const few = fc.record({
      title: fc.array(
        fc.oneof(
          fc.nat(3),
          fc.integer({ min: 4, max: WORDS.length - 1 }),
          fc.integer({ min: 4, max: WORDS.length - 1 }),
        ),
        { minLength: 1, maxLength: 1 },
      ),
      body: fc.array(fc.nat(3), { minLength: 1, maxLength: 12 }),
      kind: fc.nat(KIND_PREFIXES.length - 1),
      regions: fc.constant([0] as number[]),
    });
    await sameFirstRecords(few, { minLength: 2, maxLength: 3 });
  }, 120_000);

  it('gives the same first records when titles are longer than their lead, so that the title lead factor varies among titled records (property)', async () => {
    // Titles of 4 to 6 words: the lead (the title's first LEAD_WORDS significant words, search-options.ts) holds a
    // query word or not, so an unread record's lead factor is between 1 and 1 + LEAD_BONUS.
    const long = fc.record({
      title: fc.array(fc.oneof(fc.nat(3), fc.integer({ min: 5, max: 11 })), { minLength: 4, maxLength: 6 }),
      body: fc.array(fc.nat(3), { minLength: 1, maxLength: 12 }),
      kind: fc.nat(KIND_PREFIXES.length - 1),
      regions: fc.constant([0] as number[]),
    });
    await sameFirstRecords(long, { minLength: 1, maxLength: 3 });
  }, 120_000);

  it('gives the same first records of two-word queries when leads hold one of the words only, so that the title lead factor of an unread record is partial (property)', async () => {
    // Titles of 4 to 6 words, mostly the query's two words and a few others: a lead holds both words, one, or none.
    const partial = fc.record({
      title: fc.array(fc.oneof(fc.nat(1), fc.integer({ min: 5, max: 11 })), { minLength: 4, maxLength: 6 }),
      body: fc.array(fc.nat(1), { minLength: 1, maxLength: 12 }),
      kind: fc.nat(KIND_PREFIXES.length - 1),
      regions: fc.constant([0] as number[]),
    });
    await sameFirstRecords(partial, { minLength: 2, maxLength: 2 }, 1);
  }, 120_000);

  it('gives the same pages at deep offsets up to 10,000 of a corpus of 12,000 records', async () => {
    const specs = fc.sample(recordSpec, { numRuns: 12_000, seed: 25 });
    const synonyms = fc.sample(synonymsSpec, { numRuns: 1, seed: 7 })[0]!;
    const { topK, reference } = await engines(specs, synonyms, 256);
    // Past MAX_IMPACT_TERMS distinct terms, the page comes from one pass over the lists instead of impact orders.
    for (const q of [
      'permis',
      'examen voiture',
      'routes théorique',
      'moto alcool camion',
      'permis bruxelles',
      'flandre examen',
      'permis examen voiture moto route alcool',
    ]) {
      for (const offset of [0, 10, 990, 5_000, 9_990, 10_000]) await same(topK, reference, { q, limit: 10, offset });
      await same(topK, reference, { q, kind: 'fact', limit: 20, offset: 100 });
      await same(topK, reference, { q, region: 'wallonie', limit: 50, offset: 0 });
    }
  }, 120_000);

  it('finds the first page of common two-word queries by reading impact orders, scoring a small part of their matches (no pass over them)', async () => {
    const { read } = memoryShards(corpusOf(fc.sample(recordSpec, { numRuns: 12_000, seed: 25 })), {
      synonyms: { version: 1, rules: [] },
    });
    const store = await openShardStore(read);
    const { manifest } = store;
    const topK = createTopK({ manifest, kindRegions: store.kindRegions });
    const synonyms = createSynonyms(store.synonyms);
    // Reading by impact gave up after a fifth of the reads these need (READ_COST was 32) and scored every match.
    for (const q of ['examen voiture', 'permis moto', 'route alcool', 'camion théorique']) {
      const slots = synonyms.slots(queryTerms(q));
      const input = await Promise.all(
        slots.map(async (slot) => ({
          options: await Promise.all(
            slot.options.map(async (o) => ({ weight: o.weight, lists: await store.postings(o.terms) })),
          ),
        })),
      );
      const evaluation = topK.evaluate(input, slots.length);
      evaluation.top(null, 10, evaluation.count);
      expect(evaluation.count, q).toBeGreaterThan(1_000);
      expect(evaluation.scored, q).toBeLessThan(evaluation.count / 4);
    }
  });
});
