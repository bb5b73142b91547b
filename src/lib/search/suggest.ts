/**
 * "Did you mean": when a query finds nothing, corrections of its unknown words from the index's own
 * vocabulary: written forms within an edit distance of 1 (words of up to four letters) or 2 of the
 * typed word, case and accents ignored, ranked by distance, then by how many records hold the word.
 * When no correction finds anything, the query without the fewest of its words that does ("Missing: …"); among
 * those, the one whose best record scores highest (the best partial match, as a ranking over all the words would
 * put first: leaving out a common word loses little score, a rare one much).
 */
import { foldText, processTerm, WORD } from './normalize.ts';
import type { WordFile } from './shards.ts';

/** A corrected or shortened query and how many records it finds (with the same filters). */
export interface Suggestion {
  q: string;
  total: number;
  /** The words of the typed query left out of `q`, as typed (only for a shortened query). */
  missing?: string[];
}

/** Most shortened queries tried (each one is a search): a question of 8 words tries its 8 + 28 shorter forms at most. */
export const MAX_DROP_TRIES = 40;

/** Most suggestions offered, and candidates tried per unknown word. */
export const MAX_SUGGESTIONS = 3;

/** Optimal-string-alignment distance (a swap of two neighbours counts as one edit), or max + 1 past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before.slice();
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** Largest distance tried for a folded word: one edit for short words, two for longer ones. */
export function maxDistance(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/** The vocabulary entries whose written forms are nearest to the typed `word`, best first (never its own stem). */
export function corrections(word: string, vocabulary: WordFile, count = MAX_SUGGESTIONS): WordFile {
  const folded = foldText(word);
  const own = processTerm(word);
  const max = maxDistance(folded);
  return vocabulary
    .map((entry) => [entry, editDistance(folded, foldText(entry[1]), max)] as const)
    .filter(([entry, d]) => d <= max && entry[0] !== own)
    .sort(([a, x], [b, y]) => x - y || b[2] - a[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, count)
    .map(([entry]) => entry);
}

/** What suggest() needs from the engine. */
export interface SuggestSource {
  /** Whether each term has postings. */
  known(terms: readonly string[]): Promise<boolean[]>;
  /** Vocabulary entries whose written forms (folded) have these lengths. */
  words(lengths: readonly number[]): Promise<WordFile>;
  /** How many records a query finds, with the caller's filters. */
  total(q: string): Promise<number>;
  /** The score of the best record a query finds with the caller's filters (0 when none). */
  best(q: string): Promise<number>;
}

/**
 * Corrected queries for q: each unknown word replaced by its 1st, 2nd, 3rd correction (the other
 * words kept as typed), keeping only those that find something. Empty when every word is known.
 */
export async function suggest(q: string, source: SuggestSource): Promise<Suggestion[]> {
  const words = [...q.matchAll(WORD)].map((m) => ({ at: m.index, text: m[0], term: processTerm(m[0]) }));
  const significant = words.filter((w) => w.term !== null);
  const known = await source.known(significant.map((w) => w.term!));
  const unknown = significant.filter((_, i) => !known[i]);
  const corrected = unknown.length === 0 ? [] : await correct(q, unknown, source);
  return corrected.length > 0 ? corrected : shorten(significant, source);
}

/** A word of the typed query: where it starts, as typed, and its index term (null for a stop word). */
interface Word {
  at: number;
  text: string;
  term: string | null;
}

/** Corrections of the unknown words that find something. */
async function correct(q: string, unknown: readonly Word[], source: SuggestSource): Promise<Suggestion[]> {
  const options = await Promise.all(unknown.map(async (w) => {
    const folded = foldText(w.text);
    const max = maxDistance(folded);
    const lengths = Array.from({ length: 2 * max + 1 }, (_, i) => folded.length - max + i).filter((l) => l > 0);
    return corrections(w.text, await source.words(lengths));
  }));
  if (options.some((list) => list.length === 0)) return [];
  const queries = new Set<string>();
  for (let rank = 0; rank < MAX_SUGGESTIONS; rank++) {
    let corrected = q;
    // Replace from the end, so earlier offsets stay valid.
    for (let i = unknown.length - 1; i >= 0; i--) {
      const list = options[i]!;
      const { at, text } = unknown[i]!;
      corrected = corrected.slice(0, at) + list[Math.min(rank, list.length - 1)]![1] + corrected.slice(at + text.length);
    }
    queries.add(corrected);
  }
  const found = await Promise.all([...queries].map(async (s) => ({ q: s, total: await source.total(s) })));
  return found.filter((s) => s.total > 0);
}

/** Subsets of `count` indices of 0..n-1 of the given size, in lexicographic order. */
function* subsets(n: number, size: number, from = 0): Generator<number[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= n - size; i++) for (const rest of subsets(n, size - 1, i + 1)) yield [i, ...rest];
}

/**
 * The query without the fewest words that makes it find something: every way of leaving out one word, then two…
 * (at most MAX_DROP_TRIES searches). Among the ways that find something, the one whose best record scores highest
 * comes first; ties keep the typed order.
 */
async function shorten(significant: readonly Word[], source: SuggestSource): Promise<Suggestion[]> {
  const words = significant.filter((w, i) => significant.findIndex((o) => o.term === w.term) === i);
  if (words.length < 2) return [];
  let tries = 0;
  for (let size = 1; size < words.length && tries < MAX_DROP_TRIES; size++) {
    const found: { q: string; total: number; missing: string[]; best: number }[] = [];
    for (const dropped of subsets(words.length, size)) {
      if (tries++ >= MAX_DROP_TRIES) break;
      const gone = new Set(dropped.map((i) => words[i]!.term));
      const kept = significant.filter((w) => !gone.has(w.term)).map((w) => w.text).join(' ');
      const total = await source.total(kept);
      if (total > 0) found.push({ q: kept, total, missing: dropped.map((i) => words[i]!.text), best: await source.best(kept) });
    }
    if (found.length) return found.sort((a, b) => b.best - a.best).slice(0, MAX_SUGGESTIONS).map(({ q: text, total, missing }): Suggestion => ({ q: text, total, missing }));
  }
  return [];
}
