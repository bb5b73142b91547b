/** Browser: loads the search index, listing and cards once, on first use of a search box. */
import { createSearchEngine, type SearchEngine } from '../lib/search/search-engine.ts';
import type { Listing } from '../lib/search/listing.ts';
import type { Cards } from '../lib/search/cards.ts';

/** Everything the browser needs to search and show results. */
export interface SearchData {
  engine: SearchEngine;
  listing: Listing;
  cards: Cards;
  position: Map<string, number>;
}

let pending: Promise<SearchData> | undefined;

async function fetchText(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'omit' });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

/** Starts loading (once) and resolves with the loaded data; a failure can be retried. */
export function prefetchSearchData(): Promise<SearchData> {
  pending ??= (async () => {
    const [index, listingText, cardsText] = await Promise.all([fetchText('/search/index.json'), fetchText('/search/listing.json'), fetchText('/search/cards.json')]);
    const listing = JSON.parse(listingText) as Listing;
    return { engine: createSearchEngine(index, listing), listing, cards: JSON.parse(cardsText) as Cards, position: new Map(listing.ids.map((id, i) => [id, i])) };
  })();
  pending.catch(() => (pending = undefined));
  return pending;
}
