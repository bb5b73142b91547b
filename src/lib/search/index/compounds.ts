/**
 * Build time: the welded spellings of the records' hyphenated compounds. Readers weld a compound that the records
 * hyphenate (« autoécole » for « auto-école », « rondpoint » for « rond-point »): a hyphen costs a phone keyboard two
 * taps, and the 1990 rectified spelling welds many compounds. Such a word is a real word (a dictionary may hold it) that
 * no record holds, so it was left out of the search. Each hyphenated compound of significant words that the records
 * write becomes a synonyms rule of weight 1 (one word, two spellings): the welded word stands for the compound's words,
 * as a phrase (query/synonyms.ts). An entry of the synonyms file for the same word wins.
 */
import { processTerm } from '../text/normalize.ts';
import type { SynonymsArtefact } from '../query/synonyms.ts';

/** A compound as written: letters joined by hyphens (« auto-école », « porte-à-faux »); digits never join. */
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;

/**
 * Rules from the welded spelling of every hyphenated compound in `texts` to its words, weight 1, sorted by welded term,
 * so that a build is reproducible; none for a compound holding a stop word (« peut-être »: its welded form is no
 * spelling readers use for a search) or whose welded term is one of its own, nor for a word `taken` already maps.
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
