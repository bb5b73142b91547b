/**
 * The language of the index: one stemmer and one stop-word list, used by the build and by every query (processTerm).
 * The index stores stems, so a query stemmed otherwise than its index would silently miss: the build records the
 * choice's name in search/manifest.json and the shard store refuses an index built with another one.
 */
import { LIGHT_STEMMER } from './stem.ts';
import { PROJECT_STOP_WORDS } from './stop-words.ts';

/** A stemmer: a name recorded in the index and the stem of one folded word (lowercase, no accents). */
export interface Stemmer {
  name: string;
  stem(word: string): string;
}

/** A stop-word list: a name recorded in the index and its words, folded. */
export interface StopWords {
  name: string;
  words: ReadonlySet<string>;
  /** Stop words that, written in capitals, are codes of the domain and terms (text/normalize.ts processTerm). */
  codes?: ReadonlySet<string>;
}

/** The stemmer and the stop words of an index and of its queries. */
export interface Language {
  stemmer: Stemmer;
  stopWords: StopWords;
}

/**
 * The language the build and the engines use: the light French stemmer (stem.ts) and the project's stop words
 * (stop-words.ts). Measured against Snowball French and the Snowball and stopwords-iso lists on both judged sets
 * (scripts/bench/language/cli.ts, docs/search.md): none did better on the held-out set once short stems were fixed.
 */
export const LANGUAGE: Language = { stemmer: LIGHT_STEMMER, stopWords: PROJECT_STOP_WORDS };

let active: Language = LANGUAGE;

/** The language in use in this process: LANGUAGE unless a bench or a test chose another with useLanguage. */
export function activeLanguage(): Language {
  return active;
}

/** Makes `language` the one of this process's builds and queries (benches and tests compare variants); returns the previous one. */
export function useLanguage(language: Language): Language {
  const previous = active;
  active = language;
  return previous;
}

/** The name an index records for `language`: "stemmer+stop words". */
export function languageName(language: Language = active): string {
  return `${language.stemmer.name}+${language.stopWords.name}`;
}
