/**
 * What the site's search page shows for one question, as data: the one function that the browser's search page
 * (src/browser/search-data.ts) and the relevance bench's "site" runner both call, so that the bench scores what a
 * person sees. It completes the last word (query/prefix.ts), shows a sure correction at once when the query finds
 * nothing, blends records lacking a word into the first page (blend.ts), and ends a short first page with records
 * holding some of the words (partial-fill.ts). Framework-free: the page passes how to yield to the main thread between steps.
 */
import type { Facets, FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import type { Suggestion } from './suggest.ts';
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
  /** When the typed query found nothing and a sure correction of it (suggest.ts) is shown instead: that correction. */
  shown: Suggestion | undefined;
  /**
   * A complete last word (as typed) that the query found nothing with, completed as a prefix instead: the page says
   * so and links to the exact words, as it does for a suggestion shown instead.
   */
  grown: string | undefined;
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

/** The ids of a page in the order the page lists them: its results (blended or not), then those holding some of the words. */
export function shownIds(page: Pick<ResultPage, 'cards' | 'blend'> & Partial<Pick<ResultPage, 'partly'>>): string[] {
  const cards = page.blend ? page.blend.map((item) => item.card) : page.cards;
  return [...cards, ...(page.partly?.cards ?? [])].map((c) => c.id);
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
  // Offered when nothing is found: corrections, the last word completed, shortenings (suggest.ts). An open last word
  // stays in them as a prefix (« permis pour rouler en quadri » offers « permis quadri », completed).
  const suggestions = found === 0 && q !== undefined ? await engine.suggest({ q, kind, region, prefix }) : [];
  // Only a sure correction (suggest.ts) is shown at once (the page says so and links to the exact words). A shortening
  // never is: which word to leave out is the ranking's choice, record by record, in the blend below.
  const shown = exact ? undefined : suggestions.find((s) => s.confident);
  const text = shown?.q ?? q;
  if (q !== undefined && shown) corrected = correctedWords(q, shown.q);
  // One ranking on the first page, typed or submitted (blend.ts): the records holding every word (through the word,
  // its stem, a synonym, the open last word's completions, or a confident correction: RANK_WEIGHTS) and, by the same
  // score times the share of words held squared, those lacking one word; when nothing holds every word, those alone.
  // The later pages start after the exact matches that the first page listed. Not for ?exact=1.
  let blend: Blend | undefined;
  let at = offset;
  if (text !== undefined && !exact) {
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
  // Still short of a page: records holding some of the words follow (partial-fill.ts).
  const listed = shownIds({ cards: page.cards, blend: offset === 0 ? blend?.items : undefined });
  const partly =
    offset === 0 && text !== undefined && !exact && listed.length < limit
      ? await partialFill(engine, { q: text, kind, region, prefix, corrected }, listed, limit - listed.length, pause)
      : undefined;
  return {
    ...page,
    suggestions,
    shown,
    grown,
    blend: offset === 0 ? blend?.items : undefined,
    exactShown: blend?.exactShown,
    partly,
  };
}
