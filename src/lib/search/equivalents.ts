/**
 * Words the domain uses for the same thing, joined into one index term after stemming, in documents and
 * queries alike: a word is present when it or one of its equivalents is (the AND rule applies to the group),
 * and the group scores as one term, as the forms the stemmer joins do.
 *
 * Two kinds of groups, both small and closed:
 * - the API's regions (wallonie, bruxelles, flandre, belgique) with their French adjectives and Dutch names,
 *   since records write "Région bruxelloise", "permis wallon" or "Vlaanderen" where users type the region;
 * - the official Dutch terms of the licence that are one word on both sides, with their French equivalent
 *   (as in the regional regulations and the site's French–Dutch glossary page): rijbewijs (permis),
 *   voorlopig (provisoire), begeleider (guide, accompagnateur), theorie (théorique, in "theorie-examen"),
 *   verval (déchéance), intrekking (retrait).
 * Compound terms (praktijkexamen, rijschool, examencentrum) are left out: one word cannot stand for two.
 * Measured with npm run bench:relevance (README, Relevance).
 */
import { stem } from './stem.ts';

/** Groups of equivalent words, written as users and records write them (folded when used). */
export const EQUIVALENT_WORDS: readonly (readonly string[])[] = [
  ['bruxelles', 'bruxellois', 'bruxelloise', 'brussel', 'brusselse'],
  ['wallonie', 'wallon', 'wallonne', 'waals', 'waalse'],
  ['flandre', 'flamand', 'flamande', 'vlaanderen', 'vlaams', 'vlaamse'],
  ['belgique', 'belge', 'belgie', 'belgisch', 'belgische'],
];

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
