/** Runs a /facts query against the loaded index and listing: the same code in the server and the browser. */
import type { AsPlainObject } from 'minisearch';
import { KINDS, REGIONS, type Kind, type Region } from '../schema/vocabulary.ts';
import { positionFilter, regionBit, type Listing } from './listing.ts';
import { queryTerms } from './normalize.ts';
import { createScorer } from './scorer.ts';
import { bestOnce, bestRanked, ranked, type Matches } from './ranking.ts';
import { createMatchCaches, type CacheUsage, type SearchCacheBounds } from './match-cache.ts';
import { adjustScores } from './rank-adjust.ts';

/** A /facts query once validated. */
export interface FactsQuery {
  q?: string | undefined;
  kind?: Kind | undefined;
  region?: Region | undefined;
  limit: number;
  offset: number;
}

/** One page of matches: ids in order, the total, and the index terms that matched (for highlighting). */
export interface SearchPage {
  ids: string[];
  total: number;
  terms: string[];
}

/** How many matches of q each kind and region has (each count applies the other filter only). */
export interface Facets {
  kinds: Record<Kind, number>;
  regions: Record<Region, number>;
}

/** A loaded search engine. */
export interface SearchEngine {
  readonly size: number;
  search(query: FactsQuery): SearchPage;
  facets(query: Pick<FactsQuery, 'q' | 'kind' | 'region'>): Facets;
  /** What the ranking cache and the query-key cache hold now, in entries and counted bytes. */
  cacheUsage(): { rankings: CacheUsage; queries: CacheUsage };
}

/**
 * Wraps the serialised index (MiniSearch's plain object, or its JSON) and
 * the listing. Without significant query words, records come in id order; with them, by MiniSearch's
 * BM25+ score (title boosted) times the kind prior of rank-adjust.ts, ties broken by id, so every page
 * walk is deterministic.
 */
export function createSearchEngine(
  serialised: AsPlainObject | string,
  listing: Listing,
  options: { cache?: Partial<SearchCacheBounds> } = {},
): SearchEngine {
  const plain = typeof serialised === 'string' ? (JSON.parse(serialised) as AsPlainObject) : serialised;
  const scorer = createScorer(plain);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  const positionOf = new Int32Array(Math.max(0, ...scorer.documentIds.keys()) + 1);
  for (const [shortId, id] of scorer.documentIds) positionOf[shortId] = position.get(id)!;
  const identity = Int32Array.from(listing.ids, (_, i) => i);
  const everything: Matches = { positions: identity, scores: undefined, terms: [], hits: 0, order: identity, totals: new Map() };
  // The index never changes once loaded, so ranked matches are cached (LRU) by their normalised terms:
  // "L'Examen théorique" and "examen theorique" share an entry. Raw query strings map to that key in a second,
  // smaller LRU, so a repeated q skips normalisation. Both are bounded in entries and bytes, keys included,
  // so queries that match nothing are evicted like any other.
  const caches = createMatchCaches(options.cache);

  /** The cache key of q: its significant terms, sorted, so a set of words always sums its scores in one order. */
  function keyOf(q: string): string {
    let key = caches.queries?.get(q);
    if (key === undefined) {
      key = [...queryTerms(q)].sort().join(' ');
      caches.queries?.set(q, key);
    }
    return key;
  }

  function match(q: string | undefined): Matches {
    const key = q === undefined ? '' : keyOf(q);
    if (key === '') return everything;
    const hit = caches.rankings?.get(key);
    if (hit) return hit;
    const terms = key.split(' ');
    const { docs, scores } = scorer.score(terms);
    const positions = Int32Array.from(docs, (doc) => positionOf[doc]!);
    // BM25+ first, then the documented adjustments (rank-adjust.ts): the kind prior.
    const matches: Matches = { positions, scores: adjustScores(positions, scores, listing.kinds), terms: docs.length ? terms : [], hits: 0, order: undefined, totals: new Map() };
    caches.rankings?.set(key, matches);
    return matches;
  }

  return {
    size: listing.ids.length,
    search({ q, kind, region, limit, offset }) {
      const matches = match(q);
      const keep = positionFilter(listing, { kind, region });
      matches.hits += 1;
      // A query seen again pays once for its full ranking; then every page of it is a scan.
      if (!matches.order && matches.hits > 1) matches.order = Int32Array.from(ranked(matches.positions, matches.scores!, matches.positions.map((_, i) => i)), (i) => matches.positions[i]!);
      const { top, total } = matches.order ? bestRanked(matches, keep, `${kind}/${region}`, offset + limit) : bestOnce(matches, keep, offset + limit);
      const page = top.slice(offset);
      return { ids: page.map((at) => listing.ids[at]!), total, terms: page.length ? matches.terms : [] };
    },
    facets({ q, kind, region }) {
      const { positions } = match(q);
      const kinds = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
      const regions = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>;
      const wantKind = kind === undefined ? -1 : KINDS.indexOf(kind);
      const wantRegion = region === undefined ? 0 : regionBit(region);
      for (const at of positions) {
        const k = listing.kinds[at]!;
        const mask = listing.regions[at]!;
        if (wantRegion === 0 || mask & wantRegion) kinds[KINDS[k]!] += 1;
        if (wantKind < 0 || k === wantKind) for (const r of REGIONS) if (mask & regionBit(r)) regions[r] += 1;
      }
      return { kinds, regions };
    },
    cacheUsage: caches.usage,
  };
}
