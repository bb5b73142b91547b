/**
 * The Snowball French stemmer (@orama/stemmers, Apache-2.0, about 11 KB minified, no dependencies), as a choice of
 * src/lib/search/text/language.ts that the language comparison measures; not shipped (docs/search.md). It is given
 * folded words, as the light stemmer is: a query typed without accents must meet the records' accented words, so it
 * never sees é or è (its own un-accenting steps then have nothing to do).
 */
import { stemmer } from '@orama/stemmers/french';
import { MIN_STEM, stem as lightStem, type Stemmer } from '../../../src/lib/search/build.ts';

/** Snowball French over folded words, as the library stems them. */
export const SNOWBALL_FRENCH: Stemmer = { name: 'snowball-fr', stem: stemmer };

/**
 * Snowball French with the short-stem rule of the light stemmer: where Snowball would cut a word to fewer than
 * MIN_STEM letters ("delai" and "delit" to "del", "taxe" and "taxi" to "tax", "mere" to "mer", "volant" to "vol"),
 * the word is stemmed by the light rules instead, which strip a plural at most there.
 */
export const SNOWBALL_FRENCH_MIN4: Stemmer = {
  name: 'snowball-fr-min4',
  stem(word) {
    const s = stemmer(word);
    return s.length >= MIN_STEM || s === word ? s : lightStem(word);
  },
};
