/** The search module's build-time entry (the build, the dev server, benches): kept apart from index.ts (file system, YAML, MiniSearch). */
export { buildShards, shardFileMap, type ShardFiles } from './index/shard-build.ts';
export { readSynonymsFile, parseSynonyms, compileSynonyms, SynonymsError } from './index/synonyms-file.ts';
export { readLexicon } from './index/lexicon.ts';
export { searchOptions, toSearchDocument, SEARCHED_FIELDS, type SearchDocument } from './index/search-options.ts';
export {
  LANGUAGE,
  useLanguage,
  languageName,
  type Language,
  type Stemmer,
  type StopWords,
} from './text/language.ts';
export { LIGHT_STEMMER, MIN_STEM, stem } from './text/stem.ts';
export { LICENCE_CATEGORY_CODES, PROJECT_STOP_WORDS, STOP_WORD_LISTS } from './text/stop-words.ts';
export { foldText, queryTerms, tokenize } from './text/normalize.ts';
