/** The /facts response cache: a normalised query to its Entity (body, ETag, compressed forms), LRU, bounded. */
import type { LRUCache } from 'lru-cache';
import { boundedCache, type CacheBounds } from '../bounded-cache.ts';
import { queryTerms } from '../search/normalize.ts';
import type { FactsQuery } from '../search/search-engine.ts';
import type { Entity } from './entity.ts';

/** Default bounds: 10,000 answers and 64 MiB, keys and compressed forms included. */
export const REPLY_CACHE_BOUNDS: CacheBounds = { entries: 10_000, bytes: 64 * 2 ** 20 };

/** Cached /facts answers by factsKey. */
export type ReplyCache = LRUCache<string, Entity>;

/**
 * The key of a validated query: its significant terms as the search normalises them (case, accents, elisions,
 * stop words, plurals), sorted, then kind, region, limit and offset. "L'examen Théorique" and "théorique examen"
 * share an answer, as they share a ranking.
 */
export function factsKey(query: FactsQuery): string {
  const terms = query.q === undefined ? '' : queryTerms(query.q).sort().join(' ');
  return `${terms}|${query.kind ?? ''}|${query.region ?? ''}|${query.limit}|${query.offset}`;
}

/** An empty reply cache; `entries: 0` turns it off (every search is run and serialised again). */
export function createReplyCache(bounds: CacheBounds = REPLY_CACHE_BOUNDS): ReplyCache | null {
  return bounds.entries > 0 && bounds.bytes > 0 ? boundedCache<Entity>(bounds, (entity) => entity.size) : null;
}
