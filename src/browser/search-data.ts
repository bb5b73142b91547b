/**
 * Browser: the search backend, opened once on first use of a search box. It runs the shared engine
 * over the sharded index: the manifest and the listing first, then only the term shards of each
 * query's words and the document blocks of the results shown. Static files only, at any corpus size.
 */
import { openSearchEngine, type Facets, type ResultCard } from '../lib/search/search-engine.ts';
import type { Suggestion } from '../lib/search/suggest.ts';
import type { Kind, Region } from '../lib/schema/kinds-regions.ts';

export type { ResultCard };

/** A page of results, with the counts the filters show and, when nothing matched, corrections. */
export interface ResultPage {
  cards: ResultCard[];
  total: number;
  facets: Facets & { allKinds: number; allRegions: number };
  suggestions: Suggestion[];
}

/** A question the page asks. */
export interface Question {
  q: string | undefined;
  kind: Kind | undefined;
  region: Region | undefined;
  limit: number;
  offset: number;
}

/** A loaded search backend. */
export interface SearchBackend {
  run(question: Question): Promise<ResultPage>;
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(`/${path}`, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/${path}: HTTP ${response.status}`);
  return response.text();
}

async function staticBackend(): Promise<SearchBackend> {
  const engine = await openSearchEngine(fetchText);
  return {
    async run({ q, kind, region, limit, offset }) {
      const [page, facets, allKinds, allRegions] = await Promise.all([
        engine.search({ q, kind, region, limit, offset }),
        engine.facets({ q, kind, region }),
        engine.search({ q, region, limit: 0, offset: 0 }),
        engine.search({ q, kind, limit: 0, offset: 0 }),
      ]);
      const suggestions = page.total === 0 && q !== undefined ? await engine.suggest({ q, kind, region }) : [];
      return { total: page.total, cards: page.cards, facets: { ...facets, allKinds: allKinds.total, allRegions: allRegions.total }, suggestions };
    },
  };
}

let pending: Promise<SearchBackend> | undefined;

/** Starts loading (once) and resolves with the backend; a failure can be retried. */
export function prefetchSearchData(): Promise<SearchBackend> {
  pending ??= staticBackend();
  pending.catch(() => (pending = undefined));
  return pending;
}
