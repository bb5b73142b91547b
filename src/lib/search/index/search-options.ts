/** The one MiniSearch configuration, used to build the index, to load it, and to query it. */
import type { Options, SearchOptions } from 'minisearch';
import type { Fact } from '../../schema/fact.ts';
import { markdownToPlain } from '../../records/summarize.ts';
import { processTerm, tokenize } from '../text/normalize.ts';

/** What the index holds for one record. */
export interface SearchDocument {
  id: string;
  title: string;
  text: string;
  references: string;
  context: string;
  /** The title's first LEAD_WORDS significant words: never searched, read only by the lead factor. */
  lead: string;
}

/** The fields a query searches and scores, in field-id order. */
export const SEARCHED_FIELDS = ['title', 'text', 'references', 'context'] as const;

/** Significant words of a title that form its lead (its subject: "Sujet : détails"). */
export const LEAD_WORDS = 3;

/** The first LEAD_WORDS significant words of a title (stop words skipped), as written. */
export function titleLead(title: string): string {
  return tokenize(title)
    .filter((word) => processTerm(word) !== null)
    .slice(0, LEAD_WORDS)
    .join(' ');
}

/** Query-time rules: AND, exact terms; linked context weighs a quarter (what a record links to, not its subject). */
export const querySearchOptions = {
  fields: [...SEARCHED_FIELDS],
  combineWith: 'AND',
  prefix: false,
  fuzzy: false,
  boost: { title: 5, references: 1, context: 0.25 },
} as const satisfies SearchOptions;

/** Options for `new MiniSearch()` and `MiniSearch.loadJSON()`: identical everywhere by construction. */
export const searchOptions = {
  idField: 'id',
  // The lead is indexed last, so field ids of the searched fields do not move; queries leave it out (fields above).
  fields: [...SEARCHED_FIELDS, 'lead'],
  storeFields: [],
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => processTerm(term),
  searchOptions: querySearchOptions,
} as const satisfies Options<SearchDocument>;

/** The searchable view of a published record. */
export function toSearchDocument(fact: Fact): SearchDocument {
  return {
    id: fact.id,
    title: fact.title,
    text: markdownToPlain(fact.text),
    references: [...fact.sources.map((s) => s.label), ...(fact.bibliography ?? [])].join('\n'),
    context: (fact.related ?? []).map((r) => `${r.title ?? ''}\n${r.text ?? ''}`).join('\n'),
    lead: titleLead(fact.title),
  };
}
