import { brotliCompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { openSearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { queryTerms } from '../../src/lib/search/text/normalize.ts';
import { decodeNumbers, encodeNumbers } from '../../src/lib/search/index/number-code.ts';
import {
  decodeListing,
  encodeListing,
  SEARCH_PATHS,
  shardKeys,
  termShard,
  type SearchManifest,
  type TermShard,
} from '../../src/lib/search/index/shards.ts';
import { memoryShards, readBuilt } from '../support/search.ts';
import { testSettings } from '../support/test-build.ts';

let facts: Fact[];
beforeAll(async () => {
  facts = await readRecords(testSettings.CONTENT_DIR, testSettings.SITE_URL);
});

describe('the sharded index', () => {
  it('keeps every term file of the test build under 50 KB brotli, and the manifest and listing small', async () => {
    const manifest = JSON.parse(await readBuilt(SEARCH_PATHS.manifest)) as SearchManifest;
    expect(manifest.records).toBe(facts.length);
    for (let n = 0; n < manifest.termShards; n++) {
      const shard = await readBuilt(SEARCH_PATHS.terms(n));
      expect(brotliCompressSync(shard).length, `shard ${n}`).toBeLessThan(50_000);
      for (const k of Object.values(JSON.parse(shard) as TermShard).filter((v) => typeof v === 'number')) {
        expect(
          brotliCompressSync(await readBuilt(SEARCH_PATHS.bigTerm(n, k))).length,
          `term file ${n}-${k}`,
        ).toBeLessThan(50_000);
      }
    }
    expect((await readBuilt(SEARCH_PATHS.manifest)).length).toBeLessThan(1_000);
    // Two characters a record (kind, regions).
    expect((await readBuilt(SEARCH_PATHS.listing)).length).toBeLessThan(100 + 2 * facts.length);
  });

  it('puts each term in the shard its key names (its family’s first stem, else itself), a large term in the file its shard names, so a reader needs no other file', () => {
    const { files } = memoryShards(facts, { ownFileChars: 400 });
    const manifest = JSON.parse(files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    const { families } = JSON.parse(files.get(SEARCH_PATHS.synonyms)!) as { families: string[][] };
    const keyOf = shardKeys(families);
    const shardOf = new Map<string, number>();
    let own = 0;
    for (let n = 0; n < manifest.termShards; n++) {
      for (const [term, entry] of Object.entries(JSON.parse(files.get(SEARCH_PATHS.terms(n))!) as TermShard)) {
        expect(termShard(keyOf(term), manifest.termShards)).toBe(n);
        shardOf.set(term, n);
        const code =
          typeof entry === 'number' ? (JSON.parse(files.get(SEARCH_PATHS.bigTerm(n, entry))!) as string) : entry;
        expect(code.length > 400, term).toBe(typeof entry === 'number');
        own += typeof entry === 'number' ? 1 : 0;
      }
    }
    expect(own).toBeGreaterThan(10);
    // A derivational family shares one shard: a query word reads its derivations with no other download.
    expect(families.length).toBeGreaterThan(100);
    for (const family of families) expect(new Set(family.map((stem) => shardOf.get(stem))).size, family.join()).toBe(1);
  });

  it('reads only the manifest, the listing, the synonyms, the shards of the query terms and the blocks of the results shown', async () => {
    const shards = memoryShards(facts, { shardChars: 4_000, ownFileChars: 1_000, docsPerBlock: 8 });
    const manifest = JSON.parse(shards.files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    expect(manifest.termShards).toBeGreaterThan(50);
    const engine = await openSearchEngine(shards.read);
    expect(shards.reads.sort()).toEqual([SEARCH_PATHS.listing, SEARCH_PATHS.manifest, SEARCH_PATHS.synonyms]);
    shards.reads.length = 0;
    const page = await engine.search({ q: 'examen théorique', limit: 3, offset: 0 });
    const wanted = new Set(
      queryTerms('examen théorique').flatMap((t) => {
        const n = termShard(
          shardKeys(JSON.parse(shards.files.get(SEARCH_PATHS.synonyms)!).families)(t),
          manifest.termShards,
        );
        const entry = (JSON.parse(shards.files.get(SEARCH_PATHS.terms(n))!) as TermShard)[t];
        return typeof entry === 'number'
          ? [SEARCH_PATHS.terms(n), SEARCH_PATHS.bigTerm(n, entry)]
          : [SEARCH_PATHS.terms(n)];
      }),
    );
    expect(
      [...wanted].some((p) => /-\d+\.json$/.test(p)),
      'one of the words has a file of its own',
    ).toBe(true);
    const terms = shards.reads.filter((p) => p.startsWith('search/terms/'));
    const docs = shards.reads.filter((p) => p.startsWith('search/docs/'));
    expect(new Set(terms)).toEqual(wanted);
    expect(docs.length).toBeLessThanOrEqual(3);
    expect(page.ids).toHaveLength(3);
    expect(shards.reads.length).toBe(terms.length + docs.length);
  });

  it('reads one term shard for a word and its derivations (« annuler » also reads « annulation »)', async () => {
    const shards = memoryShards(facts, { shardChars: 4_000, docsPerBlock: 8 });
    const { families } = JSON.parse(shards.files.get(SEARCH_PATHS.synonyms)!) as { families: string[][] };
    expect(families).toContainEqual(['annul', 'annulation']);
    const engine = await openSearchEngine(shards.read);
    shards.reads.length = 0;
    const page = await engine.search({ q: 'annuler', limit: 10, offset: 0 });
    expect(page.terms).toEqual(expect.arrayContaining(['annul', 'annulation']));
    expect(shards.reads.filter((p) => /^search\/terms\/\d+\.json$/.test(p))).toHaveLength(1);
  });

  it('refuses an index of another format (version 4 placed a family’s stems by their own hash), naming both versions', async () => {
    const shards = memoryShards(facts);
    const manifest = JSON.parse(shards.files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    expect(manifest.version).toBe(5);
    shards.files.set(SEARCH_PATHS.manifest, JSON.stringify({ ...manifest, version: 4 }));
    await expect(openSearchEngine(shards.read)).rejects.toThrow('search/manifest.json has version 4, expected 5');
  });

  it('lists without q from the listing and the blocks of the page shown, no term shard', async () => {
    const shards = memoryShards(facts, { docsPerBlock: 8 });
    const engine = await openSearchEngine(shards.read);
    const page = await engine.search({ kind: 'offer', limit: 5, offset: 0 });
    expect(page.total).toBe(facts.filter((f) => f.kind === 'offer').length);
    expect(shards.reads.some((p) => p.startsWith('search/terms/'))).toBe(false);
  });

  it('gives the same ranking whatever the shard and block sizes', async () => {
    const small = await openSearchEngine(
      memoryShards(facts, { shardChars: 2_000, ownFileChars: 300, docsPerBlock: 3 }).read,
    );
    const large = await openSearchEngine(
      memoryShards(facts, { shardChars: 10_000_000, ownFileChars: 10_000_000, docsPerBlock: 1_000 }).read,
    );
    for (const q of ['permis', 'examen théorique', 'conduite accompagnée', 'alcool volant']) {
      expect(await small.search({ q, limit: 500, offset: 0 }), q).toEqual(
        await large.search({ q, limit: 500, offset: 0 }),
      );
    }
  });

  it('decodes only the terms a query asks for: a damaged code in a shard fails the query of that term, not of its neighbours', async () => {
    const shards = memoryShards(facts);
    const manifest = JSON.parse(shards.files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    const n = termShard('permis', manifest.termShards);
    const shard = JSON.parse(shards.files.get(SEARCH_PATHS.terms(n))!) as TermShard;
    const neighbour = Object.keys(shard).find((term) => term !== 'permis' && typeof shard[term] === 'string')!;
    shards.files.set(
      SEARCH_PATHS.terms(n),
      JSON.stringify({ ...shard, [neighbour]: `${String(shard[neighbour])}\u00e9` }),
    );
    const engine = await openSearchEngine(shards.read);
    const intact = await openSearchEngine(memoryShards(facts).read);
    expect(await engine.search({ q: 'permis', limit: 50, offset: 0 })).toEqual(
      await intact.search({ q: 'permis', limit: 50, offset: 0 }),
    );
    await expect(engine.search({ q: neighbour, limit: 1, offset: 0 })).rejects.toThrow(
      'postings: unexpected character',
    );
  });

  it('answers 503-worthy errors when a file is missing, naming it', async () => {
    const shards = memoryShards(facts);
    shards.files.delete(SEARCH_PATHS.terms(0));
    const engine = await openSearchEngine(shards.read);
    const term = Object.keys(JSON.parse(memoryShards(facts).files.get(SEARCH_PATHS.terms(0))!))[0]!;
    await expect(engine.search({ q: term, limit: 1, offset: 0 })).rejects.toThrow(
      'search file search/terms/0.json is missing',
    );
  });

  it('round-trips listing bytes through the listing file (property)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        expect(decodeListing(JSON.parse(JSON.stringify(encodeListing(bytes))))).toEqual(bytes);
      }),
      { numRuns: 30 },
    );
  });

  it('round-trips unsigned integers through the postings code, as JSON text (property)', async () => {
    const fc = (await import('fast-check')).default;
    const value = fc.oneof(fc.nat({ max: 70 }), fc.nat({ max: 2_000 }), fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 500 }), (values) => {
        const text = encodeNumbers(values);
        expect(JSON.stringify(text)).toBe(`"${text}"`); // nothing to escape
        expect([...decodeNumbers(text)]).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses to encode a negative or fractional number, and to decode a foreign character or a cut number', () => {
    expect(() => encodeNumbers([-1])).toThrow('cannot encode -1: not an unsigned integer');
    expect(() => encodeNumbers([1.5])).toThrow('cannot encode 1.5: not an unsigned integer');
    expect(() => decodeNumbers('AB\\')).toThrow('postings: unexpected character "\\\\" at 2');
    expect(() => decodeNumbers(encodeNumbers([5_000]).slice(0, -1))).toThrow('postings: the text ends inside a number');
  });

  it('writes numbers below 64 in one character and below 1,792 in two', () => {
    expect(encodeNumbers([0, 63])).toHaveLength(2);
    expect(encodeNumbers([64, 1_791])).toHaveLength(4);
    expect(encodeNumbers([1_792])).toHaveLength(3);
  });
});
