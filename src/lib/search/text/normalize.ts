/** Text normalisation shared by the index, the API and the browser: case, accents, ligatures, elisions, stems. */
import { activeLanguage } from './language.ts';

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

/** Lowercases, expands œ/æ/ß and strips diacritics: "Œuvre Été" becomes "oeuvre ete". */
export function foldText(text: string): string {
  return text
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c]!)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Splits text into words. Apostrophes split too, so the elided "l'" of "l'examen" becomes
 * its own word and is then dropped as a stop word.
 */
export const WORD = /[\p{L}\p{N}]+/gu;

/** The raw words of `text`, in order. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The index term for one word (its stem), or null for a stop word, in the active language (language.ts): what both documents and queries go through. */
export function processTerm(word: string): string | null {
  const folded = foldText(word);
  const { stemmer, stopWords } = activeLanguage();
  if (folded.length === 0 || stopWords.words.has(folded)) return null;
  return stemmer.stem(folded);
}

/** The significant terms of a query, deduplicated, in order of appearance. */
export function queryTerms(q: string): string[] {
  const terms = tokenize(q)
    .map(processTerm)
    .filter((t): t is string => t !== null);
  return [...new Set(terms)];
}
