/**
 * The /facts response cache: a normalised query to its Entity (body, ETag, compressed forms), LRU, bounded, and
 * admitting an answer only when its query comes a second time.
 */
import type { LRUCache } from 'lru-cache';
import { boundedCache, type CacheBounds } from '../bounded-cache.ts';
import { queryTerms, type FactsQuery } from '../search/index.ts';
import type { Entity } from './entity.ts';

/** Default bounds: 10,000 answers and 64 MiB, keys and compressed forms included. */
export const REPLY_CACHE_BOUNDS: CacheBounds = { entries: 10_000, bytes: 64 * 2 ** 20 };

/** Queries remembered (keys only) to admit answers on their second request: four times the answers, at most 4 MiB. */
const SEEN_PER_ANSWER = 4;
const SEEN_MAX_BYTES = 4 * 2 ** 20;

/** Cached /facts answers by factsKey. */
export interface ReplyCache {
  /** The kept answer of a query, if any. */
  get(key: string): Entity | undefined;
  /**
   * Offers an answer just made. It is kept when its query was asked before, while the query is remembered.
   * Why: in a stream of distinct searches, keeping every answer fills the cache with bodies nobody asks for again,
   * and each one, promoted to the old generation before it is dropped, costs a full garbage collection later
   * (measured: mark-compacts of up to 80 ms under a mix of distinct queries). A repeated search is kept from its
   * second request on.
   */
  offer(key: string, entity: Entity): void;
  /** The kept answers. */
  readonly answers: LRUCache<string, Entity>;
}

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
  if (!(bounds.entries > 0 && bounds.bytes > 0)) return null;
  const answers = boundedCache<Entity>(bounds, (entity) => entity.size);
  const seen = boundedCache<true>(
    { entries: bounds.entries * SEEN_PER_ANSWER, bytes: Math.min(SEEN_MAX_BYTES, bounds.bytes) },
    () => 0,
  );
  return {
    answers,
    get: (key) => answers.get(key),
    offer(key, entity) {
      if (seen.has(key)) entity.keepIn(answers, key);
      else seen.set(key, true);
    },
  };
}
