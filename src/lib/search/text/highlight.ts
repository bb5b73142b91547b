/** Splits text into plain and matched pieces, so a page can wrap matches in <mark> without any HTML parsing. */
import { processTerm, WORD } from './normalize.ts';

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
  for (const m of text.matchAll(WORD)) {
    const term = processTerm(m[0]);
    if (term === null || !wanted.has(term)) continue;
    if (m.index > last) pieces.push({ text: text.slice(last, m.index), match: false });
    pieces.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}
