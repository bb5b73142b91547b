/**
 * A light French stemmer, applied to every index term and every query word (after case and accent
 * folding). It joins the forms users mix up — plural, feminine, infinitive, participle, adverb — so
 * that "conduite accompagnée" and "conduire accompagné" meet. It is deliberately light: it strips
 * one ending at a time from a short list and leaves a stem under four letters only when it strips the plural of a
 * four-letter word (rues, feux: pluralMark), so short words and unrelated words stay apart ("mer" and "mere",
 * "examen" and "examiner", "cours" and "course", "pris" and "prix").
 * Last, a doubled consonant left at the end of a stem is undoubled, as in the Snowball French stemmer's
 * step 5 (-enn, -onn, -ett, -ell, -eill): "renouvellement" and "renouveler" meet on "renouvel".
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

/** Stem endings whose doubled last letter is dropped (Snowball French, step 5 "undouble"). */
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
 * Whether the last letter of `word` marks a plural to strip. A word of MIN_STEM letters would keep 3: it loses its s
 * only after e or a consonant (rues, ages, cars), as the Snowball French stemmer's step 4 keeps an s after a, i, o, u
 * or s: French writes those short words with their s in the singular (pris, mois, fois, avis, bois, gros, bras, plus),
 * so "pris" never becomes "pri". The x of -aux, -eux, -oux is a plural at any length (feux, jeux).
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
  // Plural: -aux -> -al (journaux), else a final s (examens), or a final x after -au, -eu, -ou, the only words whose
  // plural French writes with an x (feux, bijoux): prix, choix, voix, flux are singular, and "prix" must not meet "pris".
  if (strippable(w, 'aux')) w = `${w.slice(0, -3)}al`;
  else if (pluralMark(w)) w = w.slice(0, -1);
  for (const [ending, replacement] of REWRITES) {
    if (strippable(w, ending)) return w.slice(0, -ending.length) + replacement;
  }
  // Adverbs and action nouns in -ement (accompagnement, provisoirement) meet their verb or adjective;
  // feminine and participle -ee, -e (accompagnee, accompagne); then infinitive -er, -ez.
  if (strippable(w, 'ement')) w = w.slice(0, -5);
  else if (strippable(w, 'ee')) w = w.slice(0, -2);
  else if (strippable(w, 'e')) w = w.slice(0, -1);
  if (strippable(w, 'er') || strippable(w, 'ez')) return w.slice(0, -2);
  // -ir and -it verbs (conduire, conduit, conduite) meet on -i.
  if (strippable(w, 'ir') || strippable(w, 'it')) return w.slice(0, -1);
  return w;
}
