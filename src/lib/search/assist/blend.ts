/**
 * "Missing: …" on the search page's first page (never the API): records of q without one of its words that q does not
 * match, scored as q scores them (partial-score.ts: one scale) times the share of words they hold to MISSING_POWER,
 * blended in among the exact matches by score. Page n ≥ 2 lists the exact matches from exactOffset, so every exact
 * match is on one page, once, and a blended record on none but the first.
 */
import type { PartialPage, ResultCard, SearchEngine, SearchPage, UnpagedQuery } from '../query/search-engine.ts';
import { significantWords, typedWords } from '../text/normalize.ts';
import { RANK_WEIGHTS } from '../score/rank-weights.ts';
import { MAX_DROP_TRIES } from './suggest.ts';

/** A blended record scores × share^MISSING_POWER, share being the part of q's slots it holds (rank-weights.ts). */
export const MISSING_POWER: number = RANK_WEIGHTS.missingPower;

/** One card of a blended first page: an exact match, or a record lacking the words `missing` (as typed). */
export interface BlendItem {
  card: ResultCard;
  missing?: string[] | undefined;
  /** A record holding every word, the last one through a completion. */
  completed?: true | undefined;
  /** Index terms to highlight in it: the query's, or its shortening's. */
  terms: string[];
}

/** A blended first page. */
export interface Blend {
  items: BlendItem[];
  /** How many exact matches the first page lists (the later pages start after them). */
  exactShown: number;
}

/** A scored entry of one of the two lists; `at` its listing position, for ties. */
export interface Scored<T> {
  item: T;
  at: number;
  score: number;
}

/** The first `limit` of two lists merged by score: `exact` keeps its order, `partial` goes in where it scores higher. */
export function mergeByScore<T>(
  exact: readonly Scored<T>[],
  partial: readonly Scored<T>[],
  limit: number,
): (Scored<T> & { exact: boolean })[] {
  const out: (Scored<T> & { exact: boolean })[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < exact.length || j < partial.length)) {
    const e = exact[i];
    const p = partial[j];
    if (p !== undefined && (e === undefined || p.score > e.score || (p.score === e.score && p.at < e.at)))
      out.push({ ...partial[j++]!, exact: false });
    else out.push({ ...exact[i++]!, exact: true });
  }
  return out;
}

/** The offset in the exact matches of page `page` (1-based) when the first page listed `exactShown` of them. */
export function exactOffset(page: number, exactShown: number, limit: number): number {
  return page <= 1 ? 0 : exactShown + (page - 2) * limit;
}

/** How many pages `total` exact matches take when the first page listed `exactShown` of them. */
export function pageCount(total: number, exactShown: number, limit: number): number {
  return total <= exactShown ? 1 : 1 + Math.ceil((total - exactShown) / limit);
}

/** The score of a PartialPage's `i`-th record on the blend's scale. */
export function penalisedScore(
  page: Pick<PartialPage, 'scores' | 'lacking' | 'slots'>,
  i: number,
  power = MISSING_POWER,
): number {
  return page.scores[i]! * ((page.slots - page.lacking[i]!) / page.slots) ** power;
}

/** q without each of its distinct significant words (every time it is typed), at most MAX_DROP_TRIES; none for one. */
function shorteningsOf(q: string): { q: string; missing: string }[] {
  const words = typedWords(q);
  const distinct = significantWords(q);
  if (distinct.length < 2) return [];
  return distinct.slice(0, MAX_DROP_TRIES).map((left) => ({
    q: words
      .filter((w) => w.term !== left.term)
      .map((w) => w.text)
      .join(' '),
    missing: left.text,
  }));
}

/**
 * The blended first page of `query`, whose exact first page is `exact`; undefined when no record lacking a word makes
 * the page. `completed` (SearchEngine.completions) adds the records holding every word with the last one completed.
 */
export async function blendFirstPage(
  engine: Pick<SearchEngine, 'partial' | 'cards'>,
  query: UnpagedQuery,
  exact: Pick<SearchPage, 'cards' | 'total' | 'terms'>,
  limit: number,
  power: number = MISSING_POWER,
  completed?: PartialPage,
): Promise<Blend | undefined> {
  const { q } = query;
  if (q === undefined || limit <= 0) return undefined;
  // Items without their card yet: an exact match's card is known, a blended record's is read once it makes the page.
  type Pending = { card?: ResultCard; missing?: string[]; completed?: true; terms: string[] };
  let exactList: Scored<Pending>[] | undefined;
  const partial: Scored<Pending>[] = [];
  const seen = new Set<number>();
  const exactOf = (page: PartialPage) =>
    page.exact.map((at, i) => ({
      item: { card: exact.cards[i]!, terms: exact.terms },
      at,
      score: page.exactScores[i]!,
    }));
  if (completed?.positions.length) {
    exactList = exactOf(completed);
    completed.positions.forEach((at, i) => {
      seen.add(at);
      partial.push({ item: { completed: true, terms: completed.terms }, at, score: completed.scores[i]! });
    });
  }
  for (const shortening of shorteningsOf(q)) {
    const page = await engine.partial({ ...query, q }, shortening.q, limit);
    exactList ??= exactOf(page);
    page.positions.forEach((at, i) => {
      if (seen.has(at)) return;
      seen.add(at);
      partial.push({
        item: { missing: [shortening.missing], terms: page.terms },
        at,
        score: penalisedScore(page, i, power),
      });
    });
  }
  if (exactList === undefined || partial.length === 0) return undefined;
  partial.sort((a, b) => b.score - a.score || a.at - b.at);
  const merged = mergeByScore(exactList, partial, limit);
  if (merged.every((m) => m.exact)) return undefined;
  const cards = await engine.cards(merged.filter((m) => !m.exact).map((m) => m.at));
  let next = 0;
  const items = merged.map(
    (m): BlendItem =>
      m.exact
        ? { card: m.item.card!, terms: m.item.terms }
        : { card: cards[next++]!, missing: m.item.missing, completed: m.item.completed, terms: m.item.terms },
  );
  return { items, exactShown: merged.filter((m) => m.exact).length };
}
