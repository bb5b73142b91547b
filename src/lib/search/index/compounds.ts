/**
 * Build time: readers weld a compound the records hyphenate (« autoécole », « rondpoint »): each hyphenated compound of
 * significant words becomes a synonyms rule of weight 1 from the welded word to its words, as a phrase. An entry of the
 * synonyms file for the same word wins.
 */
import { processTerm } from '../text/normalize.ts';
import type { SynonymsArtefact } from '../query/synonyms.ts';

/** A compound as written: letters joined by hyphens (« auto-école », « porte-à-faux »); digits never join. */
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;

/**
 * Rules from each welded compound of `texts` to its words, sorted; none for a compound holding a stop word
 * (« peut-être »), whose welded term is one of its own, or that `taken` already maps.
 */
export function weldedCompounds(texts: Iterable<string>, taken: ReadonlySet<string>): SynonymsArtefact['rules'] {
  const rules = new Map<string, string[]>();
  for (const text of texts) {
    for (const [compound] of text.matchAll(COMPOUND)) {
      const parts = compound.split('-');
      const terms = parts.map(processTerm);
      const welded = processTerm(parts.join(''));
      if (welded === null || terms.some((t) => t === null || t === welded)) continue;
      if (!taken.has(welded) && !rules.has(welded)) rules.set(welded, terms as string[]);
    }
  }
  return [...rules]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([welded, terms]) => ({ from: [welded], to: [{ terms, weight: 1 }] }));
}
