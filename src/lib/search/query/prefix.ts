/**
 * A word cut while typing (the site only): the last word, when q ends with it, also matches the index words that start
 * with it (« permis prov »: provisoire), as a slot of the word with its synonyms and its most frequent completions.
 */
import { foldText, processTerm, textWords } from '../text/normalize.ts';
import type { ShardStore } from '../store/shard-store.ts';
import type { WordFile } from '../index/shards.ts';
import { RANK_WEIGHTS } from '../score/rank-weights.ts';
import type { Slot, Synonyms } from './synonyms.ts';

/** Fewest letters a last word needs before it is completed. */
export const PREFIX_MIN_LETTERS = 2;
/** Most completions of the last word, the most frequent words first. */
export const PREFIX_COMPLETIONS = 8;
/** The weight of a completion (RANK_WEIGHTS.prefix). */
export const PREFIX_WEIGHT: number = RANK_WEIGHTS.prefix;
/** Marks a prefix slot in a cache key (no index term holds it). */
export const PREFIX_MARK = '*';

/** The last word of q when q ends with it (no space or punctuation after it) and it may grow; else null. */
export function typedPrefix(q: string): { folded: string; term: string } | null {
  const last = textWords(q).at(-1);
  if (!last || last.at + last.text.length !== q.length) return null;
  const folded = foldText(last.text);
  // A licence category in capitals (« permis BE ») is a code, typed whole: it never grows.
  return last.term === null || folded.length < PREFIX_MIN_LETTERS || processTerm(folded) !== last.term
    ? null
    : { folded, term: last.term };
}

/** Whether `other` (a shorter or suggested form of q) ends with q's last word: then it completes that word too. */
export function keepsLastWord(q: string, other: string): boolean {
  const last = typedPrefix(q);
  return last !== null && typedPrefix(other)?.folded === last.folded;
}

/** The entries of a prefix file that records hold and that start with `folded`, other than its own stem `term`. */
export function completing(entries: WordFile, folded: string, term: string): WordFile {
  return entries.filter(
    ([stem, word, records]) =>
      records > 0 && stem !== term && (foldText(word).startsWith(folded) || stem.startsWith(folded)),
  );
}

/** The slot of a typed last word: itself and its synonyms, then its completions. */
export async function prefixSlot(
  folded: string,
  synonyms: Synonyms,
  store: Pick<ShardStore, 'prefixes'>,
): Promise<Slot> {
  const term = processTerm(folded)!;
  const own = synonyms.slots([term])[0]!;
  const taken = new Set(own.options.map((o) => o.terms.join(' ')));
  const completions: Slot['options'] = [];
  for (const [stem] of completing(await store.prefixes(folded), folded, term)) {
    if (completions.length >= PREFIX_COMPLETIONS) break;
    if (taken.has(stem)) continue;
    taken.add(stem);
    completions.push({ terms: [stem], weight: PREFIX_WEIGHT });
  }
  return { terms: [term], options: [...own.options, ...completions] };
}
