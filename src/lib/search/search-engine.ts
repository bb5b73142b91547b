/** Runs a /facts query against the loaded index and listing: the same code in the server and the browser. */
import MiniSearch from 'minisearch';
import type { Kind, Region } from '../schema/vocabulary.ts';
import { positionFilter, type Listing } from './listing.ts';
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

/** A loaded search engine. */
export interface SearchEngine {
  readonly size: number;
  search(query: FactsQuery): SearchPage;
}

/** Builds a fresh index from documents (build time). */
export function buildIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(searchOptions);
  index.addAll(documents);
  return index;
}

/**
 * Wraps a serialised index and listing. Without significant query words, records come in id order;
 * with them, by score (title boosted), ties broken by id, so every page walk is deterministic.
 */
export function createSearchEngine(indexJson: string, listing: Listing): SearchEngine {
  const index = MiniSearch.loadJSON<SearchDocument>(indexJson, searchOptions);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  return {
    size: listing.ids.length,
    search({ q, kind, region, limit, offset }) {
      const keep = positionFilter(listing, { kind, region });
      const terms = q === undefined ? [] : queryTerms(q);
      let ids: string[];
      const matched = new Set<string>();
      if (terms.length === 0) {
        ids = keep ? listing.ids.filter((_, i) => keep(i)) : listing.ids;
      } else {
        // MiniSearch tokenizes and processes q with the same functions as queryTerms.
        const results = index.search(q!);
        const kept = keep ? results.filter((r) => keep(position.get(r.id as string)!)) : results;
        kept.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        ids = kept.map((r) => r.id as string);
        for (const r of kept.slice(offset, offset + limit)) for (const t of r.terms) matched.add(t);
      }
      return { ids: ids.slice(offset, offset + limit), total: ids.length, terms: [...matched].sort() };
    },
  };
}
