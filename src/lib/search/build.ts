/**
 * The search module's build-time entry (the build, the dev server, benches): writing the index files, reading the
 * synonyms file, MiniSearch's configuration. Kept apart from index.ts because it reads files and YAML and runs
 * MiniSearch, which the browser never loads.
 */
export { buildShards, shardFileMap, SHARD_OPTIONS, type ShardFiles, type ShardOptions } from './index/shard-build.ts';
export { readSynonymsFile, parseSynonyms, compileSynonyms, SynonymsError } from './index/synonyms-file.ts';
export { buildIndex } from './index/build-index.ts';
export { readLexicon } from './index/lexicon.ts';
export { searchOptions, toSearchDocument, type SearchDocument } from './index/search-options.ts';
export { SEARCHED_FIELDS } from './index/search-options.ts';
export {
  LANGUAGE,
  activeLanguage,
  useLanguage,
  languageName,
  type Language,
  type Stemmer,
  type StopWords,
} from './text/language.ts';
export { LIGHT_STEMMER, MIN_STEM, stem } from './text/stem.ts';
export { LICENCE_CATEGORY_CODES, PROJECT_STOP_WORDS, STOP_WORD_LISTS } from './text/stop-words.ts';
export { foldText, queryTerms, tokenize } from './text/normalize.ts';
