/** Splits text into plain and matched pieces, so a page can wrap matches in <mark> without any HTML parsing. */
import { textWords, WORD } from './normalize.ts';

/** A piece of text and whether it matched a search term. */
export interface Piece {
  text: string;
  match: boolean;
}

/** Marks every word of `text` whose index term is in `terms` (the terms a search reports). */
export function highlight(text: string, terms: readonly string[]): Piece[] {
  if (terms.length === 0) return [{ text, match: false }];
  const wanted = new Set(terms);
  const pieces: Piece[] = [];
  let last = 0;
  for (const { at, text: word, term } of textWords(text, WORD)) {
    if (term === null || !wanted.has(term)) continue;
    if (at > last) pieces.push({ text: text.slice(last, at), match: false });
    // As written: textWords may read a first letter in lowercase.
    pieces.push({ text: text.slice(at, at + word.length), match: true });
    last = at + word.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}
