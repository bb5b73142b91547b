/**
 * What the site's search page shows for one question, as data: the one function that the browser's search page
 * (src/browser/search-data.ts) and the relevance bench's "site" runner both call, so that the bench scores what a
 * person sees. It completes the last word (query/prefix.ts), shows a confident suggestion at once when the query finds
 * nothing, fills a short page with relaxed records (relaxed.ts) and blends records lacking a word into a submitted
 * search's first page (blend.ts). Framework-free: the page passes how to yield to the main thread between steps.
 */
import type { Facets, FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import type { Suggestion } from './suggest.ts';
import { relaxedFill, type RelaxedFill } from './relaxed.ts';
import { blendFirstPage, exactOffset, type Blend, type BlendItem } from './blend.ts';
import { partialFill, type PartialFill } from './partial-fill.ts';
import { foldText, WORD } from '../text/normalize.ts';

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
  /**
   * A complete last word (as typed) that the query found nothing with, completed as a prefix instead: the page says
   * so and links to the exact words, as it does for a suggestion shown instead.
   */
  grown: string | undefined;
  /** When a suggestion is shown instead and finds fewer records than a page holds: other shortenings' results, below (relaxed.ts). */
  relaxed: RelaxedFill | undefined;
  /** On the first page of a submitted search: its cards with records lacking a word blended in by score (blend.ts). */
  blend: BlendItem[] | undefined;
  /** When the first page blends records in: how many exact matches it lists (the later pages start after them). */
  exactShown: number | undefined;
  /** A first page still short of a page: records holding some of the words, below everything else (partial-fill.ts). */
  partly: PartialFill | undefined;
}

/** A question the page asks. */
export interface Question {
  q: string | undefined;
  kind: FactsQuery['kind'];
  region: FactsQuery['region'];
  limit: number;
  offset: number;
  /** The exact words were asked for: no suggestion is shown in their place. */
  exact: boolean;
}

/**
 * The ids of a page in the order the page lists them: its results (blended or not), then the relaxed records below,
 * then those holding some of the words.
 */
export function shownIds(
  page: Pick<ResultPage, 'cards' | 'blend' | 'relaxed'> & Partial<Pick<ResultPage, 'partly'>>,
): string[] {
  const cards = page.blend ? page.blend.map((item) => item.card) : page.cards;
  return [...cards, ...(page.relaxed?.cards ?? []), ...(page.partly?.cards ?? [])].map((c) => c.id);
}

/** The words that a correction put in place of typed ones: those of its query that q does not hold (case and accents aside). */
export function correctedWords(q: string, correction: string): string[] {
  const typed = new Set([...q.matchAll(WORD)].map((m) => foldText(m[0])));
  return [...correction.matchAll(WORD)].map((m) => m[0]).filter((word) => !typed.has(foldText(word)));
}

/** The last word of q as typed (a completed query's last word is q's last word). */
const typedWord = (q: string): string => [...q.matchAll(WORD)].at(-1)![0];

/** Nothing to yield to (a script, a test): resolves at once. */
const noPause = (): Promise<void> => Promise.resolve();

/**
 * The page for `question` over `engine`; `pause` lets the caller's main thread paint between the steps (the browser
 * passes scheduler.yield, so that no step makes one long task).
 */
export async function sitePage(
  engine: SearchEngine,
  question: Question,
  pause: () => Promise<void> = noPause,
): Promise<ResultPage> {
  const { q, kind, region, limit, offset, exact } = question;
  // The last word is completed as a prefix on every path (typed, submitted, reloaded, shared, Back) unless it is a
  // complete word of the index that records hold: the address that typing writes gives the same results. A complete
  // word that may grow (« examen théo ») is completed only to fill a first page its exact matches leave short, or
  // when the query finds nothing with it as typed (both below).
  let prefix = !exact && q !== undefined && (await engine.openLastWord(q));
  // A confident correction shown at once counts its corrected words at RANK_WEIGHTS.correction (none otherwise).
  let corrected: string[] | undefined;
  const pageOf = async (text: string | undefined, at: number) => {
    const [page, facets, allKinds, allRegions] = await Promise.all([
      engine.search({ q: text, kind, region, limit, offset: at, prefix, corrected }),
      engine.facets({ q: text, kind, region, prefix, corrected }),
      engine.search({ q: text, region, limit: 0, offset: 0, prefix, corrected }),
      engine.search({ q: text, kind, limit: 0, offset: 0, prefix, corrected }),
    ]);
    return {
      total: page.total,
      cards: page.cards,
      terms: page.terms,
      facets: { ...facets, allKinds: allKinds.total, allRegions: allRegions.total },
    };
  };
  const count = async (grown: boolean) =>
    q === undefined ? 0 : (await engine.search({ q, kind, region, limit: 0, offset: 0, prefix: grown })).total;
  let found = await count(prefix);
  // A complete last word that finds nothing with the other words as typed was cut too (« amende excès de vit »):
  // completing it comes before any correction or shortening, which would change or drop a word the reader typed.
  let grown: string | undefined;
  if (found === 0 && !prefix && !exact && q !== undefined && (await engine.lastWordGrows(q))) {
    const total = await count(true);
    if (total > 0) [prefix, found, grown] = [true, total, typedWord(q)];
  }
  if (found === 0 && q !== undefined) await pause();
  // An open last word stays in the suggestions as a prefix (suggest.ts): « permis pour rouler en quadri » shortens to
  // « permis quadri », completed, where it was corrected into « quatre » or left out.
  const suggestions = found === 0 && q !== undefined ? await engine.suggest({ q, kind, region, prefix }) : [];
  // Nothing found: the best suggestion's results at once (the page says so and links to the exact words).
  // Only a confident suggestion (a shortening, or a sure correction: suggest.ts) is shown at once; the others are offered.
  const shown = exact ? undefined : suggestions.find((s) => s.confident);
  const text = shown?.q ?? q;
  if (q !== undefined && shown && !shown.missing?.length) corrected = correctedWords(q, shown.q);
  // One ranking on the first page, typed or submitted (blend.ts): the records holding every word (through the word,
  // its stem, a synonym, the open last word's completions, or a confident correction: RANK_WEIGHTS) and, by the same
  // score times the share of words held squared, those lacking one word. The later pages start after the exact
  // matches that the first page listed. Not for ?exact=1, nor under a shortening shown instead (its records already
  // lack a word: the other shortenings' records follow it, relaxed.ts).
  let blend: Blend | undefined;
  let at = offset;
  if (text !== undefined && !exact && !shown?.missing?.length) {
    await pause();
    const first = await engine.search({ q: text, kind, region, limit, offset: 0, prefix, corrected });
    // A complete last word that may grow: the records holding every word with it completed fill a short page, by
    // score among the exact matches (which keep the API's order).
    const completed =
      !prefix && first.total < limit
        ? await engine.completions({ q: text, kind, region, corrected }, limit)
        : undefined;
    blend = await blendFirstPage(
      engine,
      { q: text, kind, region, prefix, corrected },
      first,
      limit,
      undefined,
      completed,
    );
    if (blend && offset > 0) at = exactOffset(offset / limit + 1, blend.exactShown, limit);
  }
  const page = await pageOf(text, at);
  // Fewer than a page for a shortening shown instead: the other shortenings' records follow it.
  const others = suggestions.filter((s) => s !== shown);
  const relaxed =
    shown && !blend && offset === 0 && page.total < limit
      ? await relaxedFill(
          engine,
          { q, kind, region, prefix },
          page.cards.map((c) => c.id),
          limit - page.cards.length,
          others,
        )
      : undefined;
  // Still short of a page: records holding some of the words follow (partial-fill.ts), those of q itself when a
  // shortening is shown instead.
  const listed = shownIds({ cards: page.cards, blend: offset === 0 ? blend?.items : undefined, relaxed });
  const partly =
    offset === 0 && !exact && q !== undefined && listed.length < limit
      ? await partialFill(
          engine,
          { q: shown?.missing?.length ? q : (text ?? q), kind, region, prefix, corrected },
          listed,
          limit - listed.length,
          pause,
        )
      : undefined;
  return {
    ...page,
    suggestions,
    shown,
    grown,
    relaxed,
    blend: offset === 0 ? blend?.items : undefined,
    exactShown: blend?.exactShown,
    partly,
  };
}
