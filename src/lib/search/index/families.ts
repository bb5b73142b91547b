/**
 * Build time: derivational families of the index's stems. The light stemmer (text/stem.ts) keeps a verb, its action
 * noun and its adjective apart (« annuler » and « annulation », « valide » and « validité », « déclarer » and
 * « déclaration »), and so keeps words of other meanings apart too. The Snowball French stemmer, a well-kept library,
 * joins those derivations, and more. So the stems whose written forms share a Snowball root of at least
 * FAMILY_MIN_ROOT letters form a family, and a query word also matches the other stems of its family, at
 * RANK_WEIGHTS.derivation (query/synonyms.ts): the reader's own word ranks first, and a record holding only a
 * derivation of it is found instead of missed.
 */
import { stemmer as snowballFrench } from '@orama/stemmers/french';
import { foldText } from '../text/normalize.ts';
import type { WordFile } from './shards.ts';

/**
 * Fewest letters of a Snowball root that joins stems into a family. Shorter roots join words of other meanings (the
 * language bench lists them: « vol » and « volant », « part » and « parti », « mont » and « montant »).
 */
export const FAMILY_MIN_ROOT = 5;

/**
 * The families of the vocabulary `entries` (stem, most written form, records): stems that records hold, grouped by the
 * Snowball French root of their written form (accents kept, as Snowball's suffixes need them: « validité »), each
 * family of two stems or more, sorted, and the families sorted, so that a build is reproducible. Numbers never join.
 */
export function derivationFamilies(entries: Iterable<WordFile[number]>): string[][] {
  const byRoot = new Map<string, Set<string>>();
  for (const [stem, word, records] of entries) {
    if (records === 0 || /\d/.test(word)) continue;
    const root = foldText(snowballFrench(word.toLowerCase()));
    if (root.length < FAMILY_MIN_ROOT) continue;
    let family = byRoot.get(root);
    if (!family) byRoot.set(root, (family = new Set()));
    family.add(stem);
  }
  return [...byRoot.values()]
    .filter((family) => family.size > 1)
    .map((family) => [...family].sort())
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}
