/**
 * Browser: the search backend, opened once on first use of a search box. It runs the shared engine
 * over the sharded index: the manifest and the listing first, then only the term shards of each
 * query's words and the document blocks of the results shown. Static files only, at any corpus size.
 */
import { openSearchEngine, type Facets, type ResultCard, type Suggestion, relaxedFill, type RelaxedFill, blendFirstPage, exactOffset, type Blend, type BlendItem } from '../lib/search/index.ts';
import type { Kind, Region } from '../lib/schema/kinds-regions.ts';

export type { ResultCard };

/** A page of results, with the counts the filters show and, when nothing matched, corrections. */
export interface ResultPage {
  cards: ResultCard[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
  total: number;
  facets: Facets & { allKinds: number; allRegions: number };
  suggestions: Suggestion[];
  /** When the typed query found nothing and its first suggestion is shown instead: that suggestion. */
  shown: Suggestion | undefined;
  /** When a suggestion is shown instead and finds fewer records than a page holds: other shortenings' results, below (relaxed.ts). */
  relaxed: RelaxedFill | undefined;
  /** On the first page of a submitted search: its cards with records lacking a word blended in by score (blend.ts). */
  blend: BlendItem[] | undefined;
  /** When the first page blends records in: how many exact matches it lists (the later pages start after them). */
  exactShown: number | undefined;
}

/** A question the page asks. */
export interface Question {
  q: string | undefined;
  kind: Kind | undefined;
  region: Region | undefined;
  limit: number;
  offset: number;
  /** Still typing: the last word also matches as a prefix (prefix.ts). */
  typing: boolean;
  /** The exact words were asked for: no suggestion is shown in their place. */
  exact: boolean;
}

/** A loaded search backend. */
export interface SearchBackend {
  run(question: Question): Promise<ResultPage>;
}

async function fetchText(path: string): Promise<string> {
  // Same-origin credentials (the site sets no cookie), as the page's <link rel=preload crossorigin> asks: so they match.
  const response = await fetch(`/${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/${path}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Lets the browser paint and answer input between the steps of a search, so that no step makes one long task
 * (Lighthouse's Total Blocking Time): scheduler.yield() where the browser has it, else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resume) => setTimeout(resume, 0));
}

async function staticBackend(): Promise<SearchBackend> {
  const engine = await openSearchEngine(fetchText);
  await yieldToMain();
  return {
    async run({ q, kind, region, limit, offset, typing, exact }) {
      // The last word is completed as a prefix while typing, and on every other path too (submitted, reloaded, shared,
      // Back) unless it is a complete word of the index: the address that typing writes gives the same results.
      const open = !typing && !exact && q !== undefined && (await engine.openLastWord(q));
      const prefix = typing || open;
      const pageOf = async (text: string | undefined, at = offset) => {
        const [page, facets, allKinds, allRegions] = await Promise.all([
          engine.search({ q: text, kind, region, limit, offset: at, prefix }),
          engine.facets({ q: text, kind, region, prefix }),
          engine.search({ q: text, region, limit: 0, offset: 0, prefix }),
          engine.search({ q: text, kind, limit: 0, offset: 0, prefix }),
        ]);
        return { total: page.total, cards: page.cards, terms: page.terms, facets: { ...facets, allKinds: allKinds.total, allRegions: allRegions.total } };
      };
      // A submitted search's first page blends in the records that lack one word, by score ("Missing: …", blend.ts);
      // the later pages start after the exact matches that the first page listed. Not while typing, nor for ?exact=1,
      // nor while the last word is being completed (its matches are not the API's).
      const submitted = q !== undefined && !prefix && !exact;
      let blend: Blend | undefined;
      let at = offset;
      if (submitted && offset > 0) {
        const first = await engine.search({ q, kind, region, limit, offset: 0 });
        blend = await blendFirstPage(engine, { q, kind, region }, first, limit);
        if (blend) at = exactOffset(offset / limit + 1, blend.exactShown, limit);
      }
      const page = await pageOf(q, at);
      if (page.total === 0 && q !== undefined) await yieldToMain();
      const suggestions = page.total === 0 && q !== undefined ? await engine.suggest({ q, kind, region }) : [];
      // Nothing found: the best suggestion's results at once (the page says so and links to the exact words).
      // Only a confident suggestion (a shortening, or a sure correction: suggest.ts) is shown at once; the others are offered.
      const shown = exact ? undefined : suggestions.find((s) => s.confident);
      if (shown) {
        await yieldToMain();
        const instead = await pageOf(shown.q);
        // Fewer than a page for the suggestion too: the other shortenings' records follow it.
        const others = suggestions.filter((s) => s !== shown);
        const relaxed = offset === 0 && instead.total < limit ? await relaxedFill(engine, { q, kind, region }, instead.cards.map((c) => c.id), limit - instead.cards.length, others) : undefined;
        return { ...instead, suggestions, shown, relaxed, blend: undefined, exactShown: undefined };
      }
      if (submitted && offset === 0 && page.total > 0) {
        await yieldToMain();
        blend = await blendFirstPage(engine, { q, kind, region }, page, limit);
      }
      return { ...page, suggestions, shown: undefined, relaxed: undefined, blend: offset === 0 ? blend?.items : undefined, exactShown: blend?.exactShown };
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
