/** The search engine's caches: rankings by normalised terms, and raw query strings to those terms; both bounded. */
import type { LRUCache } from 'lru-cache';
import { boundedCache, type CacheBounds } from '../../bounded-cache.ts';
import { KINDS, REGIONS } from '../../schema/kinds-regions.ts';

/** Bounds of the two caches; a cache with `entries: 0` is off. */
export interface SearchCacheBounds {
  /** Ranked matches by normalised terms. */
  rankings: CacheBounds;
  /** Raw q to its normalised terms. */
  queries: CacheBounds;
}

/** Default bounds: 5,000 rankings in 32 MiB, 2,000 raw queries in 1 MiB. */
export const SEARCH_CACHE_BOUNDS: SearchCacheBounds = {
  rankings: { entries: 5_000, bytes: 32 * 2 ** 20 },
  queries: { entries: 2_000, bytes: 2 ** 20 },
};

/** What a cache holds now, in the units of its bounds. */
export type CacheUsage = CacheBounds;

// Room reserved for what a ranking gains once stored: its full order and one total per kind/region pair.
const BYTES_PER_POSITION = 4 + 8 + 4;
const TOTALS_BYTES = (KINDS.length + 1) * (REGIONS.length + 1) * 48;
const MATCHES_OVERHEAD = 256;

/** The bytes a ranking of `count` matches may come to hold: positions, scores, its later order, its terms and its filtered totals. */
export function matchesBytes(count: number, terms: readonly string[]): number {
  const termBytes = terms.reduce((sum, term) => sum + 2 * term.length + 32, 0);
  return BYTES_PER_POSITION * count + termBytes + TOTALS_BYTES + MATCHES_OVERHEAD;
}

/** The engine's two caches (null when off) and their usage. */
export function createMatchCaches<R extends {}>(bounds: Partial<SearchCacheBounds> = {}, sizeOf: (entry: R) => number) {
  const wanted = { ...SEARCH_CACHE_BOUNDS, ...bounds };
  const make = <V extends {}>(b: CacheBounds, sizeOf: (value: V) => number): LRUCache<string, V> | null =>
    b.entries > 0 && b.bytes > 0 ? boundedCache<V>(b, sizeOf) : null;
  const rankings = make<R>(wanted.rankings, sizeOf);
  const queries = make<string>(wanted.queries, (key) => 2 * key.length);
  const usageOf = (cache: { size: number; calculatedSize: number } | null): CacheUsage => ({
    entries: cache?.size ?? 0,
    bytes: cache?.calculatedSize ?? 0,
  });
  return { rankings, queries, usage: () => ({ rankings: usageOf(rankings), queries: usageOf(queries) }) };
}
