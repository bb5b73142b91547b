/**
 * The language of the index: one stemmer and one stop-word list for the build and every query. The index stores stems,
 * so the build records the choice's name and the shard store refuses an index built with another.
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
  /** Stop words that, written in capitals, are codes of the domain and terms (processTerm). */
  codes?: ReadonlySet<string>;
}

/** The stemmer and the stop words of an index and of its queries. */
export interface Language {
  stemmer: Stemmer;
  stopWords: StopWords;
}

/** The language in use by default: measured against Snowball French and stopwords-iso, none did better (docs/search.md). */
export const LANGUAGE: Language = { stemmer: LIGHT_STEMMER, stopWords: PROJECT_STOP_WORDS };

let active: Language = LANGUAGE;

/** The language in use in this process: LANGUAGE unless a bench or a test chose another with useLanguage. */
export function activeLanguage(): Language {
  return active;
}

/** Makes `language` this process's (benches and tests compare variants); returns the previous one. */
export function useLanguage(language: Language): Language {
  const previous = active;
  active = language;
  return previous;
}

/** The name an index records for `language`: "stemmer+stop words". */
export function languageName(language: Language = active): string {
  return `${language.stemmer.name}+${language.stopWords.name}`;
}
