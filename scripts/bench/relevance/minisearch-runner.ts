/**
 * Plain MiniSearch as the anchor to beat: the same fields, boosts, tokenizer and normalisation as the API
 * (search-options.ts), but MiniSearch's own query rules: any word may match (OR), prefix search and fuzzy
 * matching with a maximum edit distance of 0.2 × the word's length. No synonyms, no kind prior. Filters are applied
 * to its ranking afterwards, as the API applies them (a record matches a region it declares).
 */
import MiniSearch from 'minisearch';
import { readRecords } from '../../../src/lib/records/read-records.ts';
import { searchOptions, toSearchDocument, type SearchDocument } from '../../../src/lib/search/build.ts';
import type { JudgedQuery } from './judgments.ts';
import { MRR_DEPTH } from './metrics.ts';

/** The MiniSearch query options compared: prefix, fuzzy 0.2, OR, the API's boosts. */
export const MINISEARCH_QUERY = {
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'OR',
  boost: searchOptions.searchOptions.boost,
} as const;

/** Runs every query through MiniSearch over the records of `contentDir`; record ids best first (up to MRR_DEPTH). */
export async function runMiniSearch(
  contentDir: string,
  siteUrl: string,
  queries: readonly JudgedQuery[],
): Promise<Map<string, string[]>> {
  const facts = await readRecords(contentDir, siteUrl);
  const byId = new Map(facts.map((f) => [f.id, f]));
  const index = new MiniSearch<SearchDocument>(searchOptions);
  index.addAll(facts.map(toSearchDocument));
  const answers = new Map<string, string[]>();
  for (const query of queries) {
    const ids = index
      .search(query.q, MINISEARCH_QUERY)
      .map((r) => String(r.id))
      .filter((id) => {
        const fact = byId.get(id)!;
        return (!query.kind || fact.kind === query.kind) && (!query.region || fact.regions.includes(query.region));
      });
    answers.set(query.id, ids.slice(0, MRR_DEPTH));
  }
  return answers;
}
