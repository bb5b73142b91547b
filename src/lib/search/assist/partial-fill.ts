/**
 * « Avec une partie des mots »: when the search page's first page lists fewer records than a page holds (exact
 * matches, records lacking one word, a suggestion's records), it goes on with records holding only some of the
 * query's words, below everything else, as OR engines (MiniSearch, Pagefind) list them. A page is never left short
 * while records share significant words with the query. Never the API, whose answer keeps the AND rule.
 *
 * Candidates are the best records of q without two words, then without three…, each rescored as q scores them (the
 * one formula: their missing words count 0, times share^RANK_WEIGHTS.missingPower, partial-score.ts), gathered a level
 * at a time until a level brings enough: records holding more of the words are looked for first. At most
 * MAX_DROP_TRIES shorter queries are evaluated, as for the suggestions. A word that no record holds (with the filters,
 * through any of its variants) is in none of them, as it is left out of every shortening (suggest.ts): a shorter query
 * keeping it finds nothing. Within a level, the shorter queries whose rarest word most records hold are tried first
 * (then by their second rarest word, and so on): a shorter query finds at most that many records. Taken in typed
 * order, a long question spent every try on queries keeping its rarest words, which no record holds together, and
 * left the page short (« faut-il prévenir quelqu'un si on tombe malade après avoir eu son permis »).
 */
import type { FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import { penalisedScore, significantWords } from './blend.ts';
import { MAX_DROP_TRIES, subsets } from './suggest.ts';
import { keepsLastWord } from '../query/prefix.ts';

/** The records shown below a short first page, holding some of the query's words. */
export interface PartialFill {
  cards: ResultCard[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
}

/**
 * Up to `room` records holding some but not all of q's words and not in `shown` (ids), best first by q's score
 * times the share of words held squared; undefined when there is no room, q has fewer than three significant words
 * (two-word queries: records lacking one word are the blend's), or no record holds enough of them.
 */
export async function partialFill(
  engine: Pick<SearchEngine, 'partial' | 'cards' | 'search' | 'slotWords'>,
  query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix' | 'corrected'>,
  shown: readonly string[],
  room: number,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<PartialFill | undefined> {
  const { q } = query;
  if (q === undefined || room <= 0) return undefined;
  const typed = significantWords(q);
  if (typed.length < 3) return undefined;
  const held = await heldWords(engine, query, typed, engine.slotWords(q));
  const words = held.map((h) => h.word);
  // Each shorter query's word counts, rarest first: compared as a vector, so the rarest word decides, then the next.
  const counts = (kept: number[]) => kept.map((i) => held[i]!.total).sort((a, b) => a - b);
  const fuller = (a: number[], b: number[]) => {
    const [x, y] = [counts(a), counts(b)];
    const i = x.findIndex((n, j) => n !== y[j]);
    return i < 0 ? 0 : y[i]! - x[i]!;
  };
  const wanted = room + shown.length;
  const best = new Map<number, number>();
  const terms = new Set<string>();
  let tries = 0;
  const largest = Math.min(words.length, typed.length - 2);
  for (let size = largest; size >= 1 && tries < MAX_DROP_TRIES && best.size < wanted; size--) {
    const level = [...subsets(words.length, size)].sort(fuller);
    for (const kept of level) {
      if (tries++ >= MAX_DROP_TRIES) break;
      // One evaluation per task: a phone's main thread paints between them.
      await pause();
      const page = await engine.partial({ ...query, q }, kept.map((i) => words[i]!.text).join(' '), wanted);
      page.positions.forEach((at, i) => {
        const score = penalisedScore(page, i);
        if (score > (best.get(at) ?? -1)) best.set(at, score);
      });
      for (const term of page.terms) terms.add(term);
    }
  }
  const order = [...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, wanted);
  const already = new Set(shown);
  const cards = (await engine.cards(order.map(([at]) => at))).filter((c) => !already.has(c.id)).slice(0, room);
  return cards.length ? { cards, terms: [...terms] } : undefined;
}

/**
 * The words of `typed` (q's significant words) that some record holds with the query's filters and variants, with how
 * many records hold each. A word of a phrase slot (`slots`: SearchEngine.slotWords) is held when records hold the
 * phrase: « driving » and « licence » find nothing alone, « driving licence » (the synonyms file's « permis ») does.
 */
async function heldWords(
  engine: Pick<SearchEngine, 'search'>,
  { q, kind, region, prefix, corrected }: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix' | 'corrected'>,
  typed: readonly { text: string; term: string }[],
  slots: readonly string[][],
): Promise<{ word: { text: string; term: string }; total: number }[]> {
  const totals = await Promise.all(
    typed.map(async (word) => {
      const text = slots.find((slot) => slot.includes(word.text))?.join(' ') ?? word.text;
      return (
        await engine.search({
          q: text,
          kind,
          region,
          limit: 0,
          offset: 0,
          // Only q's open last word is completed (query/prefix.ts).
          prefix: prefix === true && keepsLastWord(q!, text),
          corrected,
        })
      ).total;
    }),
  );
  return typed.map((word, i) => ({ word, total: totals[i]! })).filter((h) => h.total > 0);
}
