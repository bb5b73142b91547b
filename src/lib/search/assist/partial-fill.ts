/**
 * « Avec une partie des mots »: when the search page's first page lists fewer records than a page holds (exact
 * matches, records lacking one word, a suggestion's records), it goes on with records holding only some of the
 * query's words, below everything else, as OR engines (MiniSearch, Pagefind) list them. A page is never left short
 * while records share significant words with the query. Never the API, whose answer keeps the AND rule.
 *
 * Candidates are the best records of q without two words, then without three…, each rescored as q scores them (the
 * one formula: their missing words count 0, times share^RANK_WEIGHTS.missingPower, partial-score.ts), gathered a level
 * at a time until a level brings enough: records holding more of the words are looked for first. At most
 * MAX_DROP_TRIES shorter queries are evaluated, as for the suggestions.
 */
import type { FactsQuery, ResultCard, SearchEngine } from '../query/search-engine.ts';
import { penalisedScore, significantWords } from './blend.ts';
import { MAX_DROP_TRIES, subsets } from './suggest.ts';

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
  engine: Pick<SearchEngine, 'partial' | 'cards'>,
  query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix' | 'corrected'>,
  shown: readonly string[],
  room: number,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<PartialFill | undefined> {
  const { q } = query;
  if (q === undefined || room <= 0) return undefined;
  const words = significantWords(q);
  if (words.length < 3) return undefined;
  const wanted = room + shown.length;
  const best = new Map<number, number>();
  const terms = new Set<string>();
  let tries = 0;
  for (let size = words.length - 2; size >= 1 && tries < MAX_DROP_TRIES && best.size < wanted; size--) {
    for (const kept of subsets(words.length, size)) {
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
