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
 * A word of a record (the index's words): letters and digits; anything else separates words. An apostrophe ends one,
 * and a single letter before it is an elision (« l'examen », « C'est »), no word.
 */
export const WORD = /(?![\p{L}\p{N}]['’])[\p{L}\p{N}]+/gu;

/**
 * A word of a query: as WORD, but a U+FFFD (the replacement character a bad copy-paste or a phone leaves for a letter)
 * between letters is an unknown letter of the word, not a separator: « th\uFFFDorique » is one word, which matches
 * nothing and is corrected to « théorique » (one edit). At a word's edge, or alone, it separates words. Query side only:
 * the index keeps WORD, so no index word ever holds U+FFFD and no suggestion can offer one.
 */
export const QUERY_WORD = /(?![\p{L}\p{N}]['’])[\p{L}\p{N}]+(?:\uFFFD+[\p{L}\p{N}]+)*/gu;

/** What a suggestion never copies from a query: symbols (U+FFFD, emoji, €, +) and control or format characters. */
const NOT_TEXT = /[\p{S}\p{C}]+/gu;

/**
 * q as a suggestion writes it: symbols and control characters read as the separators they are (a space), spaces
 * collapsed. « \uFFFDlorsque » is « lorsque ».
 */
export function suggestionText(q: string): string {
  return q.replace(NOT_TEXT, ' ').replace(/\s+/g, ' ').trim();
}

/** One word of a text: where it starts, as read, and its index term (null for a stop word). */
export interface TextWord {
  at: number;
  text: string;
  term: string | null;
}

/**
 * The words of `text` with their terms; a one-letter first word is read in lowercase, as a phone capitalises it. A
 * query's words (QUERY_WORD) unless `pattern` is WORD, for a record's text read as the index reads it.
 */
export function textWords(text: string, pattern: RegExp = QUERY_WORD): TextWord[] {
  return [...text.matchAll(pattern)].map((m, i) => {
    const word = read(m[0], i);
    return { at: m.index, text: word, term: processTerm(word) };
  });
}

/** The words of `text` that have an index term (no stop word), in order. */
export function typedWords(text: string): (TextWord & { term: string })[] {
  return textWords(text).filter((w): w is TextWord & { term: string } => w.term !== null);
}

/** The distinct significant words of `text` (the first time each term is written), in order. */
export function significantWords(text: string): (TextWord & { term: string })[] {
  const words = typedWords(text);
  return words.filter((w, i) => words.findIndex((o) => o.term === w.term) === i);
}

/** The i-th word of a text as read (textWords). */
const read = (word: string, i: number): string => (i === 0 && word.length === 1 ? word.toLowerCase() : word);

/** The raw words of a record's `text` (WORD), in order, as the index reads them. */
export function tokenize(text: string): string[] {
  return (text.match(WORD) ?? []).map(read);
}

/** The raw words of a query (QUERY_WORD), in order, as textWords reads them. */
export function queryTokens(q: string): string[] {
  return (q.match(QUERY_WORD) ?? []).map(read);
}

/** The index term (stem) of a word, or null for a stop word; a licence category in capitals (« permis BE ») is a term. */
export function processTerm(word: string): string | null {
  const folded = foldText(word);
  const { stemmer, stopWords } = activeLanguage();
  if (folded.length === 0) return null;
  if (stopWords.words.has(folded) && !(stopWords.codes?.has(folded) && word === folded.toUpperCase())) return null;
  return stemmer.stem(folded);
}

/** The significant terms of a query, deduplicated, in order of appearance. */
export function queryTerms(q: string): string[] {
  const terms = queryTokens(q)
    .map(processTerm)
    .filter((t): t is string => t !== null);
  return [...new Set(terms)];
}
