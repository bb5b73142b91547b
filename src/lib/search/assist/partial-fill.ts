/**
 * « Avec une partie des mots »: a first page still short of a page goes on with records holding only some of q's words,
 * below everything else, as OR engines list them (never the API). Candidates are the best records of q without two
 * words, then three…, rescored as q scores them (blend.ts), a level at a time, at most MAX_DROP_TRIES shorter queries.
 * Words no record holds are in none. Within a level, the shorter queries whose rarest word most records hold go first:
 * in typed order, a long question spent every try on its rarest words, which no record holds together.
 */
import type { ResultCard, SearchEngine, UnpagedQuery } from '../query/search-engine.ts';
import { penalisedScore } from './blend.ts';
import { significantWords } from '../text/normalize.ts';
import { MAX_DROP_TRIES, subsets } from './suggest.ts';
import { keepsLastWord } from '../query/prefix.ts';

/** The records shown below a short first page, holding some of the query's words. */
export interface PartialFill {
  cards: ResultCard[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
}

/** Up to `room` records holding some of q's words, not in `shown` (ids), best first; none below three words. */
export async function partialFill(
  engine: Pick<SearchEngine, 'partial' | 'cards' | 'search' | 'slotWords'>,
  query: UnpagedQuery,
  shown: readonly string[],
  room: number,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<PartialFill | undefined> {
  const { q } = query;
  if (q === undefined || room <= 0) return undefined;
  const typed = significantWords(q);
  if (typed.length < 3) return undefined;
  // The words some record holds, with how many; a word of a phrase slot counts the phrase's records.
  const slots = engine.slotWords(q);
  const totals = await Promise.all(
    typed.map(async (word) => {
      const text = slots.find((slot) => slot.includes(word.text))?.join(' ') ?? word.text;
      // Only q's open last word is completed (query/prefix.ts).
      const prefix = query.prefix === true && keepsLastWord(q, text);
      return (await engine.search({ ...query, q: text, limit: 0, offset: 0, prefix })).total;
    }),
  );
  const held = typed.map((word, i) => ({ word, total: totals[i]! })).filter((h) => h.total > 0);
  const words = held.map((h) => h.word);
  // Each shorter query's word counts, rarest first, compared as a vector.
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
    for (const kept of [...subsets(words.length, size)].sort(fuller)) {
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
