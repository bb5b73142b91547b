/** Build time: the MiniSearch index of the records, with the one shared configuration. */
import MiniSearch from 'minisearch';
import { searchOptions, type SearchDocument } from './search-options.ts';

/** Builds a fresh index from documents. */
export function buildIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(searchOptions);
  index.addAll(documents);
  return index;
}
