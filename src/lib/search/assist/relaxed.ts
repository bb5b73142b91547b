/**
 * "Missing: …" under a suggestion shown instead: when a query finds nothing and the page shows its first suggestion's
 * results, and those are fewer than a page, the page goes on with the records of the other shortenings (suggest.ts),
 * below and labelled with the words left out. (When the query itself finds something, the records lacking a word are
 * blended among its exact matches instead: blend.ts.) The API never does this; the browser and the relevance bench
 * both call this function, so the bench scores what the page shows.
 */
import type { FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import type { Suggestion } from './suggest.ts';
import { keepsLastWord } from '../query/prefix.ts';

/** The results of a relaxed query shown under a short list of exact matches. */
export interface RelaxedFill {
  /** The relaxed query (its `missing` words are the ones left out). */
  suggestion: Suggestion & { missing: string[] };
  /** Its best records not already shown, at most `room`. */
  cards: ResultCard[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
}

/**
 * The fill for a first page that shows `shown` (the exact matches' ids, fewer than a page) and has `room` places
 * left: the first suggestion that leaves words out and finds records not already shown, and those records. Undefined
 * when there is no room or no such suggestion. `suggestions` may be passed when the caller already has them.
 */
export async function relaxedFill(
  engine: Pick<SearchEngine, 'search' | 'suggest'>,
  query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix'>,
  shown: readonly string[],
  room: number,
  suggestions?: readonly Suggestion[],
): Promise<RelaxedFill | undefined> {
  if (query.q === undefined || room <= 0) return undefined;
  const offered = suggestions ?? (await engine.suggest(query));
  const already = new Set(shown);
  // Best first (suggest.ts); a relaxed query that finds only the records already shown adds nothing: the next one.
  for (const suggestion of offered) {
    if (suggestion.missing === undefined || suggestion.missing.length === 0 || !suggestion.confident) continue;
    const page = await engine.search({
      q: suggestion.q,
      kind: query.kind,
      region: query.region,
      limit: shown.length + room,
      offset: 0,
      // A suggestion that keeps the open last word completes it, as the page's own search does (suggest.ts).
      prefix: query.prefix === true && keepsLastWord(query.q, suggestion.q),
    });
    const cards = page.cards.filter((c) => !already.has(c.id)).slice(0, room);
    if (cards.length) return { suggestion: suggestion as RelaxedFill['suggestion'], cards, terms: page.terms };
  }
  return undefined;
}
