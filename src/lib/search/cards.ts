/** What the browser shows for each search result: title and excerpt, aligned with the listing's ids. */
import type { Fact } from '../schema/fact.ts';
import { summarize } from '../records/summarize.ts';

/** Serialised cards: one [title, excerpt] pair per listing position. */
export type Cards = [title: string, excerpt: string][];

/** Builds cards in listing (id) order. */
export function buildCards(facts: readonly Fact[]): Cards {
  return [...facts].sort((a, b) => (a.id < b.id ? -1 : 1)).map((f) => [f.title, summarize(f.text)]);
}
