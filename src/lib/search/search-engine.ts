/** Runs a /facts query against the loaded index and listing: the same code in the server and the browser. */
import MiniSearch from 'minisearch';
import { KINDS, REGIONS, type Kind, type Region } from '../schema/vocabulary.ts';
import { positionFilter, regionBit, type Listing } from './listing.ts';
import { queryTerms } from './normalize.ts';
import { searchOptions, type SearchDocument } from './search-options.ts';

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

/** Builds a fresh index from documents (build time). */
export function buildIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(searchOptions);
  index.addAll(documents);
  return index;
}

/** Ranked matches of a text query: listing positions in order, and the terms each matched. */
interface Matches {
  positions: ArrayLike<number> & Iterable<number>;
  terms: Map<number, string[]>;
}

/** Default positions kept in the result cache, summed over its entries (about 4 bytes each); 0 disables it. */
const CACHE_POSITIONS = 4_000_000;

/**
 * Wraps a serialised index and listing. Without significant query words, records come in id order;
 * with them, by score (title boosted), ties broken by id, so every page walk is deterministic.
 */
export function createSearchEngine(indexJson: string, listing: Listing, options: { cachePositions?: number } = {}): SearchEngine {
  const budget = options.cachePositions ?? CACHE_POSITIONS;
  const index = MiniSearch.loadJSON<SearchDocument>(indexJson, searchOptions);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  const everything: Matches = { positions: Int32Array.from(listing.ids, (_, i) => i), terms: new Map() };
  // The index never changes once loaded, so ranked matches are cached (LRU) by their normalised terms:
  // "L'Examen théorique" and "examen theorique" share an entry.
  const cache = new Map<string, Matches>();
  let cachedPositions = 0;

  function match(q: string | undefined): Matches {
    const terms = q === undefined ? [] : queryTerms(q);
    if (terms.length === 0) return everything;
    // Sorted, so the same set of words always sums its scores in the same order (ties stay deterministic).
    const key = [...terms].sort().join(' ');
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    // MiniSearch tokenizes and processes the terms with the same functions as queryTerms.
    const results = index.search(key, { tokenize: (text) => text.split(' '), processTerm: (term) => term });
    results.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const matches: Matches = { positions: new Int32Array(results.length), terms: new Map() };
    results.forEach((r, i) => {
      const at = position.get(r.id as string)!;
      (matches.positions as Int32Array)[i] = at;
      matches.terms.set(at, r.terms);
    });
    if (budget === 0) return matches;
    cache.set(key, matches);
    cachedPositions += results.length;
    for (const [oldKey, old] of cache) {
      if (cachedPositions <= budget || cache.size === 1) break;
      cache.delete(oldKey);
      cachedPositions -= old.positions.length;
    }
    return matches;
  }

  return {
    size: listing.ids.length,
    search({ q, kind, region, limit, offset }) {
      const matches = match(q);
      const keep = positionFilter(listing, { kind, region });
      const kept = keep ? Array.prototype.filter.call(matches.positions, keep) as number[] : matches.positions;
      const page = Array.prototype.slice.call(kept, offset, offset + limit) as number[];
      const terms = new Set(page.flatMap((at) => matches.terms.get(at) ?? []));
      return { ids: page.map((at) => listing.ids[at]!), total: kept.length, terms: [...terms].sort() };
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
