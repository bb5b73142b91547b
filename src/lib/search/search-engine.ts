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
  positions: number[];
  terms: Map<number, string[]>;
}

/**
 * Wraps a serialised index and listing. Without significant query words, records come in id order;
 * with them, by score (title boosted), ties broken by id, so every page walk is deterministic.
 */
export function createSearchEngine(indexJson: string, listing: Listing): SearchEngine {
  const index = MiniSearch.loadJSON<SearchDocument>(indexJson, searchOptions);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  const everything = listing.ids.map((_, i) => i);
  let last: { q: string; matches: Matches } | undefined;

  function match(q: string | undefined): Matches {
    if (q === undefined || queryTerms(q).length === 0) return { positions: everything, terms: new Map() };
    if (last?.q === q) return last.matches;
    // MiniSearch tokenizes and processes q with the same functions as queryTerms.
    const results = index.search(q);
    results.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const matches: Matches = { positions: [], terms: new Map() };
    for (const r of results) {
      const at = position.get(r.id as string)!;
      matches.positions.push(at);
      matches.terms.set(at, r.terms);
    }
    last = { q, matches };
    return matches;
  }

  return {
    size: listing.ids.length,
    search({ q, kind, region, limit, offset }) {
      const matches = match(q);
      const keep = positionFilter(listing, { kind, region });
      const kept = keep ? matches.positions.filter(keep) : matches.positions;
      const page = kept.slice(offset, offset + limit);
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
