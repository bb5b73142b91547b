/**
 * Words the domain uses for the same thing, in two small, closed lists (measured with npm run bench:relevance,
 * docs/search.md, Relevance):
 *
 * - EQUIVALENT_WORDS, joined into one index term after stemming, in documents and queries alike: the API's
 *   regions (wallonie, bruxelles, flandre, belgique) with their French adjectives and Dutch names, since records
 *   write "Région bruxelloise", "permis wallon" or "Vlaanderen" where users type the region. A word is present
 *   when one of its group is (the AND rule applies to the group), and the group scores as one term, as the
 *   forms the stemmer joins do.
 * - TRANSLATIONS, applied to queries only: the official Dutch terms of the licence that are one word on both
 *   sides (every such pair of the site's two glossaries), with their French
 *   equivalents. A Dutch query word is present in a record that holds it or its French equivalent; a record
 *   found through the French word scores TRANSLATION_WEIGHT times what that word would score, so records
 *   using the Dutch term the user typed (the Flemish rules) stay first. One way only: the records are written in
 *   French, so a French word needs no Dutch alternative (and a French query reads no extra postings).
 *   Compound terms (praktijkexamen, rijschool, examencentrum) are left out: one word cannot stand for two.
 */
import { stem } from './stem.ts';

/** Groups of equivalent words, written as users and records write them (folded when used). */
export const EQUIVALENT_WORDS: readonly (readonly string[])[] = [
  ['bruxelles', 'bruxellois', 'bruxelloise', 'brussel', 'brusselse'],
  ['wallonie', 'wallon', 'wallonne', 'waals', 'waalse'],
  ['flandre', 'flamand', 'flamande', 'vlaanderen', 'vlaams', 'vlaamse'],
  ['belgique', 'belge', 'belgie', 'belgisch', 'belgische'],
];

/**
 * Dutch word -> its French equivalents (query-time alternatives): every pair of the site's two glossaries (the
 * glossary page and the French–Dutch glossary tool) that is one word on both sides, and no other.
 */
export const TRANSLATIONS: Readonly<Record<string, readonly string[]>> = {
  // The glossary page (page-glossaire-permis).
  rijbewijs: ['permis'],
  voorlopig: ['provisoire'],
  begeleider: ['guide', 'accompagnateur'],
  theorie: ['theorique'],
  verval: ['decheance'],
  intrekking: ['retrait'],
  // The glossary tool (exemple-outil-glossaire-fr-nl-permis).
  gemeente: ['commune'],
  vernieuwing: ['renouvellement'],
  omwisseling: ['echange'],
  duplicaat: ['duplicata'],
  rijinstructeur: ['moniteur'],
  lesgever: ['moniteur'],
  examinator: ['examinateur'],
  bromfiets: ['cyclomoteur'],
};

/** What a record found through a translation scores, relative to the translated word's own score. */
export const TRANSLATION_WEIGHT = 0.5;

/** Stem -> the group's term (the stem of its first word). Stems are unique across groups (tested). */
const CANONICAL = new Map<string, string>(
  EQUIVALENT_WORDS.flatMap((group) => {
    const term = stem(group[0]!);
    return group.map((word) => [stem(word), term] as [string, string]);
  }),
);

/** The index term of a stem: its group's term when it belongs to one, else the stem itself. */
export function canonicalTerm(stemmed: string): string {
  return CANONICAL.get(stemmed) ?? stemmed;
}

/** Index term of a Dutch word -> index terms of its French equivalents (built with the same processing). */
const ALTERNATIVES = new Map<string, readonly string[]>(
  Object.entries(TRANSLATIONS).map(([dutch, french]) => [canonicalTerm(stem(dutch)), french.map((word) => canonicalTerm(stem(word)))]),
);

/** The index terms that may stand for query term `term` besides itself (its translations), possibly none. */
export function alternativesOf(term: string): readonly string[] {
  return ALTERNATIVES.get(term) ?? [];
}
