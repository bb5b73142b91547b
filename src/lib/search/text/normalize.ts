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
 * Splits text into words. An apostrophe ends a word, so « aujourd'hui » is two words; a single letter before an
 * apostrophe is an elision (the « l' » of « l'examen », the « C' » of « C'est ») and no word at all: a stop word
 * either way, and never the licence category that a capital C alone is.
 */
export const WORD = /(?![\p{L}\p{N}]['’])[\p{L}\p{N}]+/gu;

/** One word of a text: where it starts, as written (or lowercased: textWords), and its index term (null for a stop word). */
export interface TextWord {
  at: number;
  text: string;
  term: string | null;
}

/**
 * The words of `text` in order, each with its term: what the index and every query read. A one-letter first word
 * is read in lowercase: a phone capitalises it (« A partir de 18 ans », « C est quoi »), so its capital is no licence
 * category (processTerm).
 */
export function textWords(text: string): TextWord[] {
  return [...text.matchAll(WORD)].map((m, i) => {
    const word = read(m[0], i);
    return { at: m.index, text: word, term: processTerm(word) };
  });
}

/** The i-th word of a text as read: a one-letter first word in lowercase (textWords). */
const read = (word: string, i: number): string => (i === 0 && word.length === 1 ? word.toLowerCase() : word);

/** The raw words of `text`, in order, as textWords reads them. */
export function tokenize(text: string): string[] {
  return (text.match(WORD) ?? []).map(read);
}

/**
 * The index term for one word (its stem), or null for a stop word, in the active language (language.ts): what both
 * documents and queries go through. A stop word that is a licence category written in capitals (« permis BE »,
 * « catégories C et CE »: the language's `codes`) is a term: the corpus writes categories so, and nothing else.
 */
export function processTerm(word: string): string | null {
  const folded = foldText(word);
  const { stemmer, stopWords } = activeLanguage();
  if (folded.length === 0) return null;
  if (stopWords.words.has(folded) && !(stopWords.codes?.has(folded) && word === folded.toUpperCase())) return null;
  return stemmer.stem(folded);
}

/** The significant terms of a query, deduplicated, in order of appearance. */
export function queryTerms(q: string): string[] {
  const terms = tokenize(q)
    .map(processTerm)
    .filter((t): t is string => t !== null);
  return [...new Set(terms)];
}
