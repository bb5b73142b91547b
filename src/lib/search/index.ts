/**
 * The search module's entry: everything the rest of src (and scripts) may use at query time, in the server, on the edge
 * and in the browser. Its files are grouped by role: text/ (normalisation, stems, stop words, highlighting), index/
 * (the index's files and their format), store/ (reading them), score/ (the one score, term indices, the reference
 * evaluator), top-k/ (the production evaluator), query/ (the engine, synonyms, prefixes, caches, work budgets),
 * assist/ (corrections, shortenings, the blended first page). What only the build runs is in build.ts, so that the
 * browser bundle never resolves the build's file system, YAML and MiniSearch imports. Import rule: nothing outside
 * src/lib/search/ imports a deeper file (tests/docs/import-rules.test.ts).
 */
export {
  openSearchEngine,
  createSearchEngine,
  SEARCH_BOUNDS,
  type FactsQuery,
  type SearchEngine,
  type SearchEngineOptions,
  type SearchBounds,
  type SearchPage,
  type ResultCard,
  type Facets,
} from './query/search-engine.ts';
export { createWorkBudget, WORK_LIMITS, type WorkBudget } from './query/work-budget.ts';
export { SEARCH_CACHE_BOUNDS, type SearchCacheBounds } from './query/match-cache.ts';
export {
  openShardStore,
  readFullListing,
  SHARD_STORE_BOUNDS,
  type ShardStoreBounds,
  type ReadSearchFile,
} from './store/shard-store.ts';
export { TERM_INDEX_BOUNDS, type TermIndexBounds } from './score/term-index.ts';
export { createReferenceEvaluator } from './score/reference.ts';
export { SEARCH_PATHS, type DocBlock, type SearchManifest, type WordFile } from './index/shards.ts';
export { foldText, processTerm, queryTerms, tokenize } from './text/normalize.ts';
export { highlight, type Piece } from './text/highlight.ts';
export { editDistance, maxDistance, type Suggestion } from './assist/suggest.ts';
export { sitePage, shownIds, type ResultPage, type Question } from './assist/site-page.ts';
export { partialFill, type PartialFill } from './assist/partial-fill.ts';
export { blendFirstPage, exactOffset, pageCount, MISSING_POWER, type Blend, type BlendItem } from './assist/blend.ts';
