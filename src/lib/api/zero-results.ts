/**
 * What people could not find: the normalised text of queries that found nothing, with how many times, in bounded
 * memory (an LRU of ZERO_RESULT_BOUNDS.entries distinct queries; the least recently seen one is forgotten first).
 * Only the query's significant words are kept (folded: lowercase, no accents, stop words dropped, at most
 * ZERO_RESULT_BOUNDS.chars characters): never an address, a filter, a time of day or anything else about the
 * request. Read through the protected report route (docs/search.md, "What people could not find").
 */
import { LRUCache } from 'lru-cache';
import { foldText, processTerm, queryTokens } from '../search/index.ts';

/** Bounds: distinct queries kept, and characters kept of each. */
export const ZERO_RESULT_BOUNDS = { entries: 1_000, chars: 100 } as const;

/** One counted query. */
export interface ZeroResultCount {
  q: string;
  count: number;
}

/** The log of one process (the Node server) or one isolate (the edge worker). */
export interface ZeroResultLog {
  /** Counts q (a query that found nothing); a query without significant words is not counted. */
  record(q: string): void;
  /** The most counted queries, most first (ties: alphabetical). */
  top(count: number): ZeroResultCount[];
  /** Distinct queries held now. */
  readonly size: number;
}

/** The text kept of a query: its significant words, folded, in order, at most ZERO_RESULT_BOUNDS.chars. */
export function normalizeForLog(q: string): string {
  return queryTokens(q)
    .filter((word) => processTerm(word) !== null)
    .map(foldText)
    .join(' ')
    .slice(0, ZERO_RESULT_BOUNDS.chars)
    .trim();
}

/** A new, empty log. */
export function createZeroResultLog(entries: number = ZERO_RESULT_BOUNDS.entries): ZeroResultLog {
  const counts = new LRUCache<string, number>({ max: entries });
  return {
    record(q) {
      const key = normalizeForLog(q);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    top(count) {
      return [...counts.entries()]
        .map(([q, n]) => ({ q, count: n }))
        .sort((a, b) => b.count - a.count || (a.q < b.q ? -1 : 1))
        .slice(0, count);
    },
    get size() {
      return counts.size;
    },
  };
}
