/**
 * The Snowball French stemmer (@orama/stemmers, Apache-2.0, about 11 KB minified, no dependencies), as a choice of
 * language.ts. It is given folded words, as the light stemmer is: a query typed without accents must meet the
 * records' accented words, so it never sees é or è (its own un-accenting steps then have nothing to do).
 */
import { stemmer } from '@orama/stemmers/french';
import type { Stemmer } from './language.ts';

/** Snowball French over folded words. */
export const SNOWBALL_FRENCH: Stemmer = { name: 'snowball-fr', stem: stemmer };
