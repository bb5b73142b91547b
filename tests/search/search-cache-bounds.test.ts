import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { SEARCH_CACHE_BOUNDS, type SearchCacheBounds } from '../../src/lib/search/query/match-cache.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { engineFor } from '../support/search.ts';

const corpus = buildCorpus(
  Array.from({ length: 40 }, (_, i) => {
    const id = `fait-${(i + 1).toString(16).padStart(16, '0')}`;
    return {
      file: `${id}.md`,
      frontmatter: { id, kind: 'fact', title: `Permis numéro ${i}`, regions: ['belgique'], sources: [] },
      body: `Examen théorique ${i % 2 ? 'pratique' : 'médical'}.`,
    };
  }),
  'https://x.example',
);
const engine = (cache?: Partial<SearchCacheBounds>) => engineFor(corpus, cache ? { cache } : {});

/** Runs `count` distinct queries that match nothing, each up to 300 characters long. */
async function noMatches(target: SearchEngine, count: number, long = false) {
  for (let i = 0; i < count; i++) {
    const q = `zq${i.toString(36)}${long ? ` ${'x'.repeat(280)}${i}` : ''}`;
    expect((await target.search({ q, limit: 10, offset: 0 })).total).toBe(0);
  }
}

describe('the search engine caches', async () => {
  it('keep 60,000 distinct queries that match nothing within their default entry and byte bounds', async () => {
    const target = await engine();
    await noMatches(target, 60_000);
    const { rankings, queries } = target.cacheUsage();
    expect(rankings.entries).toBe(SEARCH_CACHE_BOUNDS.rankings.entries);
    expect(rankings.bytes).toBeLessThanOrEqual(SEARCH_CACHE_BOUNDS.rankings.bytes);
    expect(queries.entries).toBeLessThanOrEqual(SEARCH_CACHE_BOUNDS.queries.entries);
    expect(queries.bytes).toBeLessThanOrEqual(SEARCH_CACHE_BOUNDS.queries.bytes);
  });

  it('count long keys against the byte bound, so long no-match queries are evicted sooner', async () => {
    const bounds = { rankings: { entries: 10_000, bytes: 400_000 }, queries: { entries: 10_000, bytes: 100_000 } };
    const target = await engine(bounds);
    await noMatches(target, 3_000, true);
    const { rankings, queries } = target.cacheUsage();
    expect(rankings.bytes).toBeLessThanOrEqual(bounds.rankings.bytes);
    expect(queries.bytes).toBeLessThanOrEqual(bounds.queries.bytes);
    // Each raw query key is about 290 characters (580 bytes): the byte bound, not the entry bound, is what holds.
    expect(queries.entries).toBeLessThan(100_000 / 580);
    expect(rankings.entries).toBeLessThan(3_000);
  });

  it('evict matching queries the same way, and still answer them correctly once evicted', async () => {
    const target = await engine({ rankings: { entries: 3, bytes: 1e6 }, queries: { entries: 3, bytes: 1e6 } });
    const first = await target.search({ q: 'permis', limit: 5, offset: 0 });
    for (const q of ['examen', 'pratique', 'medical', 'theorique numero'])
      await target.search({ q, limit: 5, offset: 0 });
    expect(target.cacheUsage().rankings.entries).toBe(3);
    expect(await target.search({ q: 'permis', limit: 5, offset: 0 })).toEqual(first);
  });

  it('are off with zero entries', async () => {
    const target = await engine({ rankings: { entries: 0, bytes: 0 }, queries: { entries: 0, bytes: 0 } });
    await noMatches(target, 100);
    expect(target.cacheUsage()).toEqual({ rankings: { entries: 0, bytes: 0 }, queries: { entries: 0, bytes: 0 } });
    expect((await target.search({ q: 'permis', limit: 50, offset: 0 })).total).toBe(40);
  });
});
