import { brotliCompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { openSearchEngine } from '../../src/lib/search/search-engine.ts';
import { queryTerms } from '../../src/lib/search/normalize.ts';
import { decodeBytes, encodeBytes, SEARCH_PATHS, termShard, type SearchManifest } from '../../src/lib/search/shards.ts';
import { memoryShards, readBuilt } from '../support/search.ts';
import { testSettings } from '../support/test-build.ts';

let facts: Fact[];
beforeAll(async () => {
  facts = await readRecords(testSettings.CONTENT_DIR, testSettings.SITE_URL);
});

describe('the sharded index', () => {
  it('keeps every term shard of the test build under 50 KB brotli, and the manifest and listing small', async () => {
    const manifest = JSON.parse(await readBuilt(SEARCH_PATHS.manifest)) as SearchManifest;
    expect(manifest.records).toBe(facts.length);
    for (let n = 0; n < manifest.termShards; n++) expect(brotliCompressSync(await readBuilt(SEARCH_PATHS.terms(n))).length, `shard ${n}`).toBeLessThan(50_000);
    expect((await readBuilt(SEARCH_PATHS.manifest)).length).toBeLessThan(1_000);
    // One byte per record, base64: the listing grows by 4/3 of a byte a record.
    expect((await readBuilt(SEARCH_PATHS.listing)).length).toBeLessThan(100 + (4 / 3) * facts.length + 4);
  });

  it('puts each term in the shard its hash names, so a reader finds it without any other file', () => {
    const { files } = memoryShards(facts);
    const manifest = JSON.parse(files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    for (let n = 0; n < manifest.termShards; n++) {
      for (const term of Object.keys(JSON.parse(files.get(SEARCH_PATHS.terms(n))!))) expect(termShard(term, manifest.termShards)).toBe(n);
    }
  });

  it('reads only the manifest, the listing, the shards of the query terms and the blocks of the results shown', async () => {
    const shards = memoryShards(facts, { shardChars: 4_000, docsPerBlock: 8 });
    const manifest = JSON.parse(shards.files.get(SEARCH_PATHS.manifest)!) as SearchManifest;
    expect(manifest.termShards).toBeGreaterThan(50);
    const engine = await openSearchEngine(shards.read);
    expect(shards.reads.sort()).toEqual([SEARCH_PATHS.listing, SEARCH_PATHS.manifest]);
    shards.reads.length = 0;
    const page = await engine.search({ q: 'examen théorique', limit: 3, offset: 0 });
    const wanted = new Set(queryTerms('examen théorique').map((t) => SEARCH_PATHS.terms(termShard(t, manifest.termShards))));
    const terms = shards.reads.filter((p) => p.startsWith('search/terms/'));
    const docs = shards.reads.filter((p) => p.startsWith('search/docs/'));
    expect(new Set(terms)).toEqual(wanted);
    expect(docs.length).toBeLessThanOrEqual(3);
    expect(page.ids).toHaveLength(3);
    expect(shards.reads.length).toBe(terms.length + docs.length);
  });

  it('lists without q from the listing and the blocks of the page shown, no term shard', async () => {
    const shards = memoryShards(facts, { docsPerBlock: 8 });
    const engine = await openSearchEngine(shards.read);
    const page = await engine.search({ kind: 'offer', limit: 5, offset: 0 });
    expect(page.total).toBe(facts.filter((f) => f.kind === 'offer').length);
    expect(shards.reads.some((p) => p.startsWith('search/terms/'))).toBe(false);
  });

  it('gives the same ranking whatever the shard and block sizes', async () => {
    const small = await openSearchEngine(memoryShards(facts, { shardChars: 2_000, docsPerBlock: 3 }).read);
    const large = await openSearchEngine(memoryShards(facts, { shardChars: 10_000_000, docsPerBlock: 1_000 }).read);
    for (const q of ['permis', 'examen théorique', 'conduite accompagnée', 'alcool volant']) {
      expect(await small.search({ q, limit: 500, offset: 0 }), q).toEqual(await large.search({ q, limit: 500, offset: 0 }));
    }
  });

  it('answers 503-worthy errors when a file is missing, naming it', async () => {
    const shards = memoryShards(facts);
    shards.files.delete(SEARCH_PATHS.terms(0));
    const engine = await openSearchEngine(shards.read);
    const term = Object.keys(JSON.parse(memoryShards(facts).files.get(SEARCH_PATHS.terms(0))!))[0]!;
    await expect(engine.search({ q: term, limit: 1, offset: 0 })).rejects.toThrow('search file search/terms/0.json is missing');
  });

  it('round-trips listing bytes through base64 (property)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
      expect(decodeBytes(encodeBytes(bytes))).toEqual(bytes);
    }), { numRuns: 30 });
  });
});
