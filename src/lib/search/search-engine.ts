/** Runs a /facts query against the loaded index and listing: the same code in the server and the browser. */
import type { AsPlainObject } from 'minisearch';
import { KINDS, REGIONS, type Kind, type Region } from '../schema/vocabulary.ts';
import { positionFilter, regionBit, type Listing } from './listing.ts';
import { queryTerms } from './normalize.ts';
import { createScorer } from './scorer.ts';

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
}

/** Matches of a text query: listing positions and scores, then, once the query repeats, its full ranking. */
interface Matches {
  positions: Int32Array;
  scores: Float64Array | undefined;
  terms: string[];
  /** Requests seen for this query. */
  hits: number;
  /** Listing positions best first: computed on the second request (the listing order when there is no score). */
  order: Int32Array | undefined;
  /** Totals per filter ("kind/region"), computed once each. */
  totals: Map<string, number>;
}

/** Default positions kept in the result cache, summed over its entries (about 16 bytes each); 0 disables it. */
const CACHE_POSITIONS = 2_000_000;

/** Best first: higher score, then lower listing position (that is, lower id). */
function ranked(positions: Int32Array, scores: Float64Array, indices: ArrayLike<number>): number[] {
  return Array.from(indices).sort((a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!);
}

/**
 * The `count` best of the matches kept by `keep`, in rank order, for a query seen once. A native numeric
 * sort finds the score of the count-th best; only matches at or above it go through the comparator sort.
 */
function bestOnce(matches: Matches, keep: ((position: number) => boolean) | null, count: number): { top: number[]; total: number } {
  const { positions } = matches;
  const scores = matches.scores!;
  const kept: number[] = [];
  for (let i = 0; i < positions.length; i++) if (!keep || keep(positions[i]!)) kept.push(i);
  if (count === 0) return { top: [], total: kept.length };
  if (count >= kept.length) return { top: ranked(positions, scores, kept).map((i) => positions[i]!), total: kept.length };
  const negated = Float64Array.from(kept, (i) => -scores[i]!).sort();
  const threshold = -negated[count - 1]!;
  const contenders = kept.filter((i) => scores[i]! >= threshold);
  return { top: ranked(positions, scores, contenders).slice(0, count).map((i) => positions[i]!), total: kept.length };
}

/** The `count` first of a full ranking kept by `keep` (early exit), and the memoised filtered total. */
function bestRanked(matches: Matches, keep: ((position: number) => boolean) | null, filterKey: string, count: number): { top: number[]; total: number } {
  const order = matches.order!;
  if (!keep) return { top: Array.from(order.subarray(0, count)), total: order.length };
  const top: number[] = [];
  for (let i = 0; i < order.length && top.length < count; i++) if (keep(order[i]!)) top.push(order[i]!);
  let total = matches.totals.get(filterKey);
  if (total === undefined) {
    total = 0;
    for (let i = 0; i < order.length; i++) if (keep(order[i]!)) total += 1;
    matches.totals.set(filterKey, total);
  }
  return { top, total };
}

/**
 * Wraps the serialised index (MiniSearch's plain object, or its JSON) and
 * the listing. Without significant query words, records come in id order; with them, by MiniSearch's
 * BM25+ score (title boosted), ties broken by id, so every page walk is deterministic.
 */
export function createSearchEngine(
  serialised: AsPlainObject | string,
  listing: Listing,
  options: { cachePositions?: number } = {},
): SearchEngine {
  const budget = options.cachePositions ?? CACHE_POSITIONS;
  const plain = typeof serialised === 'string' ? (JSON.parse(serialised) as AsPlainObject) : serialised;
  const scorer = createScorer(plain);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  const positionOf = new Int32Array(Math.max(0, ...scorer.documentIds.keys()) + 1);
  for (const [shortId, id] of scorer.documentIds) positionOf[shortId] = position.get(id)!;
  const identity = Int32Array.from(listing.ids, (_, i) => i);
  const everything: Matches = { positions: identity, scores: undefined, terms: [], hits: 0, order: identity, totals: new Map() };
  // The index never changes once loaded, so ranked matches are cached (LRU) by their normalised terms:
  // "L'Examen théorique" and "examen theorique" share an entry.
  const cache = new Map<string, Matches>();
  let cachedPositions = 0;

  // Raw query strings seen recently, to their cache key: a repeated q skips normalisation.
  const recent = new Map<string, string>();

  function match(q: string | undefined): Matches {
    if (q === undefined) return everything;
    const key = recent.get(q);
    const hit = key === undefined ? undefined : key === '' ? everything : cache.get(key);
    if (!hit) return normalisedMatch(q);
    if (hit !== everything) {
      cache.delete(key!);
      cache.set(key!, hit);
    }
    return hit;
  }

  function normalisedMatch(q: string): Matches {
    const terms = queryTerms(q);
    // Sorted, so the same set of words always sums its scores in the same order (ties stay deterministic).
    const sorted = [...terms].sort();
    const key = sorted.join(' ');
    if (budget > 0) {
      recent.set(q, key);
      if (recent.size > 1000) recent.delete(recent.keys().next().value!);
    }
    if (terms.length === 0) return everything;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const { docs, scores } = scorer.score(sorted);
    const matches: Matches = { positions: Int32Array.from(docs, (doc) => positionOf[doc]!), scores, terms: docs.length ? sorted : [], hits: 0, order: undefined, totals: new Map() };
    if (budget === 0) return matches;
    cache.set(key, matches);
    cachedPositions += 2 * matches.positions.length;
    for (const [oldKey, old] of cache) {
      if (cachedPositions <= budget || cache.size === 1) break;
      cache.delete(oldKey);
      cachedPositions -= 2 * old.positions.length;
    }
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
  };
}
