/**
 * The stemmers and stop-word lists that the language comparison measures (npm run bench:relevance on a build per
 * variant): the project's own, Snowball French from two npm packages, and the Snowball and stopwords-iso lists.
 */
import { createRequire } from 'node:module';
import stopwordsIso from 'stopwords-iso' with { type: 'json' };
import {
  foldText,
  LANGUAGE,
  LICENCE_CATEGORY_CODES,
  LIGHT_STEMMER,
  PROJECT_STOP_WORDS,
  STOP_WORD_LISTS,
  type Language,
  type Stemmer,
  type StopWords,
} from '../../../src/lib/search/build.ts';
import { SNOWBALL_FRENCH, SNOWBALL_FRENCH_MIN4 } from './snowball.ts';

// snowball-stemmers ships every language in one CommonJS file, and stopword its lists; neither has types.
const require = createRequire(import.meta.url);
const snowballStemmers = require('snowball-stemmers') as {
  newStemmer(language: string): { stem(word: string): string };
};
const { fra, nld } = require('stopword') as Record<'fra' | 'nld', string[]>;
const snowballStemmersFrench = snowballStemmers.newStemmer('french');

/**
 * The light stemmer as it was before its short-stem rule (stem.ts pluralMark): a word of four letters then lost any
 * final s ("pris" became "pri"); every other word stems as today.
 */
const LIGHT_BEFORE: Stemmer = {
  name: 'light-fr-before',
  stem: (word) => (word.length === 4 && word.endsWith('s') ? word.slice(0, -1) : LIGHT_STEMMER.stem(word)),
};

/** The stemmers compared, by name. */
export const STEMMERS: Record<string, Stemmer> = {
  [LIGHT_STEMMER.name]: LIGHT_STEMMER,
  [LIGHT_BEFORE.name]: LIGHT_BEFORE,
  [SNOWBALL_FRENCH.name]: SNOWBALL_FRENCH,
  [SNOWBALL_FRENCH_MIN4.name]: SNOWBALL_FRENCH_MIN4,
  'snowball-stemmers-fr': { name: 'snowball-stemmers-fr', stem: (word) => snowballStemmersFrench.stem(word) },
};

/**
 * A library's French and Dutch lists (folded, as they are compared) with the project's German, English and question
 * words, and its licence categories in capitals (LICENCE_CATEGORY_CODES): the lists are compared, not the codes.
 */
function withLibraryLists(name: string, french: readonly string[], dutch: readonly string[]): StopWords {
  const { german, english, questions } = STOP_WORD_LISTS;
  const words = [...french, ...dutch].flatMap((w) => foldText(w).match(/[\p{L}\p{N}]+/gu) ?? []);
  return { name, words: new Set([...words, ...german, ...english, ...questions]), codes: LICENCE_CATEGORY_CODES };
}

/** The stop-word lists compared, by name. */
export const STOP_WORD_VARIANTS: Record<string, StopWords> = {
  [PROJECT_STOP_WORDS.name]: PROJECT_STOP_WORDS,
  // The Snowball project's French and Dutch lists, as the stopword package (MIT) ships them.
  'snowball-lists': withLibraryLists('snowball-lists', fra, nld),
  'stopwords-iso': withLibraryLists(
    'stopwords-iso',
    (stopwordsIso as Record<string, string[]>).fr!,
    (stopwordsIso as Record<string, string[]>).nl!,
  ),
};

/** The variant named "stemmer+stop words" (languageName), or an error listing the known ones. */
export function languageVariant(name: string): Language {
  const [stemmer, stopWords] = name.split('+');
  const chosen = { stemmer: STEMMERS[stemmer ?? ''], stopWords: STOP_WORD_VARIANTS[stopWords ?? ''] };
  if (!chosen.stemmer || !chosen.stopWords) {
    throw new Error(
      `language variant must be <stemmer>+<stop words> with a stemmer of ${Object.keys(STEMMERS).join(', ')} and stop words of ${Object.keys(STOP_WORD_VARIANTS).join(', ')}, got "${name}"`,
    );
  }
  return chosen as Language;
}

/** The variants measured by default: each stemmer with today's stop words, then each list with today's stemmer. */
export const DEFAULT_VARIANTS: readonly string[] = [
  ...Object.keys(STEMMERS).map((s) => `${s}+${LANGUAGE.stopWords.name}`),
  ...Object.keys(STOP_WORD_VARIANTS)
    .filter((w) => w !== LANGUAGE.stopWords.name)
    .map((w) => `${LANGUAGE.stemmer.name}+${w}`),
];
