/** The one MiniSearch configuration, used to build the index, to load it, and to query it. */
import type { Options, SearchOptions } from 'minisearch';
import type { Fact } from '../schema/fact.ts';
import { markdownToPlain } from '../records/summarize.ts';
import { processTerm, tokenize } from './normalize.ts';

/** What the index holds for one record: the spec's "title, content, references or linked context". */
export interface SearchDocument {
  id: string;
  title: string;
  text: string;
  references: string;
  context: string;
}

/**
 * Query-time rules: every significant word must match (AND), exact terms, title boosted. Linked context
 * (other records' titles and summaries) weighs a quarter of the text: it says what a record links to,
 * not what it is about. Boosts measured with npm run bench:relevance (docs/search.md, Relevance).
 */
export const querySearchOptions = {
  combineWith: 'AND',
  prefix: false,
  fuzzy: false,
  boost: { title: 5, references: 1, context: 0.25 },
} as const satisfies SearchOptions;

/** Options for `new MiniSearch()` and `MiniSearch.loadJSON()`: identical everywhere by construction. */
export const searchOptions = {
  idField: 'id',
  fields: ['title', 'text', 'references', 'context'],
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
  };
}
