/**
 * A light French stemmer: it strips one ending at a time from a short list, so the forms users mix up meet
 * ("conduite accompagnée", "conduire accompagné") and unrelated short words stay apart ("cours", "course"), then
 * undoubles a final consonant as Snowball French's step 5 ("renouvellement", "renouveler").
 */

/** Fewest letters a stem keeps: shorter words are returned as they are. */
export const MIN_STEM = 4;

/** Endings rewritten to their masculine or singular form: [ending, replacement], longest first. */
const REWRITES: [string, string][] = [
  ['trice', 'teur'], // conductrice -> conducteur
  ['euse', 'eur'], // chauffeuse -> chauffeur
  ['elle', 'el'], // officielle -> officiel
  ['enne', 'en'], // europeenne -> europeen
  ['ive', 'if'], // definitive -> definitif
];

/** Stem endings whose doubled last letter is dropped. */
const DOUBLED = ['enn', 'onn', 'ett', 'ell', 'eill'];

/** Drops the last letter of a doubled ending when the stem keeps at least MIN_STEM letters. */
function undouble(w: string): string {
  return w.length - 1 >= MIN_STEM && DOUBLED.some((ending) => w.endsWith(ending)) ? w.slice(0, -1) : w;
}

/** Ends with `ending` and keeps at least MIN_STEM letters once it is removed. */
function strippable(word: string, ending: string): boolean {
  return word.endsWith(ending) && word.length - ending.length >= MIN_STEM;
}

/** The stem of one folded word (lowercase, no accents): what index and queries store. */
export function stem(word: string): string {
  return undouble(strip(word));
}

/** This stemmer as a choice of text/language.ts. */
export const LIGHT_STEMMER = { name: 'light-fr', stem } as const;

/**
 * Whether the last letter of `word` marks a plural. A word of MIN_STEM letters keeps an s after a, i, o, u or s, as
 * Snowball's step 4 (pris, mois, avis); the x of -aux, -eux, -oux is a plural at any length (feux).
 */
function pluralMark(word: string): boolean {
  if (word.length < MIN_STEM) return false;
  if (/[aeo]ux$/.test(word)) return true;
  return word.endsWith('s') && (word.length > MIN_STEM || !SINGULAR_S_AFTER.includes(word.at(-2)!));
}

/** Letters after which a final s of a word of MIN_STEM letters is kept (Snowball French, step 4). */
const SINGULAR_S_AFTER = 'aiosu';

/** The word with one ending stripped or rewritten. */
function strip(word: string): string {
  let w = word;
  // Plural: -aux -> -al (journaux), else a final s or an x after -au, -eu, -ou: « prix » is singular, never « pris ».
  if (strippable(w, 'aux')) w = `${w.slice(0, -3)}al`;
  else if (pluralMark(w)) w = w.slice(0, -1);
  for (const [ending, replacement] of REWRITES) {
    if (strippable(w, ending)) return w.slice(0, -ending.length) + replacement;
  }
  // -ement (accompagnement), then -ee, -e (accompagnee), then infinitive -er, -ez.
  if (strippable(w, 'ement')) w = w.slice(0, -5);
  else if (strippable(w, 'ee')) w = w.slice(0, -2);
  else if (strippable(w, 'e')) w = w.slice(0, -1);
  if (strippable(w, 'er') || strippable(w, 'ez')) return w.slice(0, -2);
  // -ir and -it verbs (conduire, conduit, conduite) meet on -i.
  if (strippable(w, 'ir') || strippable(w, 'it')) return w.slice(0, -1);
  return w;
}
