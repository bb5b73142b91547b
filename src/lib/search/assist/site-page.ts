/**
 * What the site's search page shows for one question, as data: the one function the browser's page and the relevance
 * bench both call, so the bench scores what a person sees. Framework-free: the caller passes how to yield between steps.
 */
import type { Facets, FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import type { Suggestion } from './suggest.ts';
import { blendFirstPage, exactOffset, type Blend, type BlendItem } from './blend.ts';
import { partialFill, type PartialFill } from './partial-fill.ts';
import { foldText, QUERY_WORD } from '../text/normalize.ts';

/** A page of results, with the counts the filters show and, when nothing matched, corrections. */
export interface ResultPage {
  cards: ResultCard[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
  total: number;
  facets: Facets & { allKinds: number; allRegions: number };
  suggestions: Suggestion[];
  /** The sure correction shown instead of a typed query that found nothing. */
  shown: Suggestion | undefined;
  /** A complete last word (as typed) that found nothing, completed as a prefix instead. */
  grown: string | undefined;
  /** On the first page: its cards with records lacking a word blended in by score (blend.ts). */
  blend: BlendItem[] | undefined;
  /** When the first page blends records in: how many exact matches it lists. */
  exactShown: number | undefined;
  /** A first page still short of a page: records holding some of the words (partial-fill.ts). */
  partly: PartialFill | undefined;
  /**
   * On a first page that lists nothing: q's words (as typed) that no record holds in any form (stem, derivation,
   * synonym), filters aside, so the page can name them; empty otherwise.
   */
  unheld: string[];
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

/** The ids of a page in the order the page lists them. */
export function shownIds(page: Pick<ResultPage, 'cards' | 'blend'> & Partial<Pick<ResultPage, 'partly'>>): string[] {
  const cards = page.blend ? page.blend.map((item) => item.card) : page.cards;
  return [...cards, ...(page.partly?.cards ?? [])].map((c) => c.id);
}

/** The words of a correction that q does not hold (case and accents aside). */
export function correctedWords(q: string, correction: string): string[] {
  const typed = new Set([...q.matchAll(QUERY_WORD)].map((m) => foldText(m[0])));
  return [...correction.matchAll(QUERY_WORD)].map((m) => m[0]).filter((word) => !typed.has(foldText(word)));
}

/** The page for `question`; `pause` lets the caller's main thread paint between steps (the browser's scheduler.yield). */
export async function sitePage(
  engine: SearchEngine,
  question: Question,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<ResultPage> {
  const { q, kind, region, limit, offset, exact } = question;
  // The last word is completed on every path (typed, submitted, reloaded) unless records hold it whole; a complete word
  // that may grow (« examen théo ») only fills a short first page, or stands in when q finds nothing (both below).
  let prefix = !exact && q !== undefined && (await engine.openLastWord(q));
  const count = async (grown: boolean) =>
    q === undefined ? 0 : (await engine.search({ q, kind, region, limit: 0, offset: 0, prefix: grown })).total;
  let found = await count(prefix);
  // A complete last word that finds nothing was cut too (« amende excès de vit »): completing it comes before any
  // correction or shortening, which would change or drop a typed word.
  let grown: string | undefined;
  if (found === 0 && !prefix && !exact && q !== undefined && (await engine.lastWordGrows(q))) {
    const total = await count(true);
    // grown is q's last word as typed (a completed query's last word is q's last word).
    if (total > 0) [prefix, found, grown] = [true, total, [...q.matchAll(QUERY_WORD)].at(-1)![0]];
  }
  if (found === 0 && q !== undefined) await pause();
  const suggestions = found === 0 && q !== undefined ? await engine.suggest({ q, kind, region, prefix }) : [];
  // Only a sure correction is shown at once; which word to leave out is the blend's choice, record by record.
  const shown = exact ? undefined : suggestions.find((s) => s.confident);
  const text = shown?.q ?? q;
  // A confident correction shown at once counts its corrected words at RANK_WEIGHTS.correction (none otherwise).
  const corrected = q !== undefined && shown ? correctedWords(q, shown.q) : undefined;
  const asked = { q: text, kind, region, prefix, corrected };
  // One ranking on the first page (blend.ts), not for ?exact=1; later pages start after the exact matches it listed.
  let blend: Blend | undefined;
  let at = offset;
  if (text !== undefined && !exact) {
    await pause();
    const first = await engine.search({ ...asked, limit, offset: 0 });
    // A complete last word that may grow: records holding every word with it completed fill a short page, by score.
    const completed =
      !prefix && first.total < limit
        ? await engine.completions({ q: text, kind, region, corrected }, limit)
        : undefined;
    blend = await blendFirstPage(engine, asked, first, limit, undefined, completed);
    if (blend && offset > 0) at = exactOffset(offset / limit + 1, blend.exactShown, limit);
  }
  const [page, facets, allKinds, allRegions] = await Promise.all([
    engine.search({ ...asked, limit, offset: at }),
    engine.facets(asked),
    engine.search({ q: text, region, limit: 0, offset: 0, prefix, corrected }),
    engine.search({ q: text, kind, limit: 0, offset: 0, prefix, corrected }),
  ]);
  const listed = shownIds({ cards: page.cards, blend: offset === 0 ? blend?.items : undefined });
  const partly =
    offset === 0 && text !== undefined && !exact && listed.length < limit
      ? await partialFill(engine, asked, listed, limit - listed.length, pause)
      : undefined;
  const listsNothing = offset === 0 && page.total === 0 && !blend?.items.length && !partly?.cards.length;
  return {
    total: page.total,
    cards: page.cards,
    terms: page.terms,
    facets: { ...facets, allKinds: allKinds.total, allRegions: allRegions.total },
    suggestions,
    shown,
    grown,
    blend: offset === 0 ? blend?.items : undefined,
    exactShown: blend?.exactShown,
    partly,
    unheld: listsNothing && q !== undefined ? await unheldWords(engine, q) : [],
  };
}

/** q's words that no record holds in any form, filters aside; a phrase of the synonyms file counts as one slot. */
async function unheldWords(engine: Pick<SearchEngine, 'search' | 'slotWords'>, q: string): Promise<string[]> {
  const slots = engine.slotWords(q);
  const counts = await Promise.all(slots.map((words) => engine.search({ q: words.join(' '), limit: 0, offset: 0 })));
  return slots.filter((_, i) => counts[i]!.total === 0).flat();
}
