/**
 * The search module's query-time entry, for the server, the edge and the browser; the build's side is build.ts, so the
 * browser bundle never resolves the file system, YAML or MiniSearch. Nothing outside src/lib/search/ imports a deeper
 * file (tests/docs/import-rules.test.ts).
 */
export {
  openSearchEngine,
  SEARCH_BOUNDS,
  type FactsQuery,
  type SearchEngine,
  type SearchBounds,
  type ResultCard,
} from './query/search-engine.ts';
export { createWorkBudget, WORK_LIMITS } from './query/work-budget.ts';
export { openShardStore, readFullListing } from './store/shard-store.ts';
export { createReferenceEvaluator } from './score/reference.ts';
export { SEARCH_PATHS, type DocBlock, type SearchManifest, type WordFile } from './index/shards.ts';
export { foldText, processTerm, queryTerms, queryTokens, tokenize } from './text/normalize.ts';
export { highlight } from './text/highlight.ts';
export { editDistance, maxDistance } from './assist/suggest.ts';
export { sitePage, shownIds, type ResultPage, type Question } from './assist/site-page.ts';
export { partialFill } from './assist/partial-fill.ts';
export { pageCount, MISSING_POWER } from './assist/blend.ts';
