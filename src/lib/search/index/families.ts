/**
 * Build time: derivational families. The light stemmer keeps « annuler » and « annulation » apart; stems whose written
 * forms share a Snowball French root of FAMILY_MIN_ROOT letters or more form a family, and a query word also matches
 * the other stems of its family at RANK_WEIGHTS.derivation (query/synonyms.ts).
 */
import { stemmer as snowballFrench } from '@orama/stemmers/french';
import { foldText } from '../text/normalize.ts';
import type { WordFile } from './shards.ts';

/** Fewest letters of a Snowball root that joins stems: shorter ones join other meanings (« vol », « volant »). */
export const FAMILY_MIN_ROOT = 5;

/**
 * The families of the vocabulary `entries`: stems records hold, grouped by the Snowball root of their written form
 * (accents kept, as Snowball needs them), families of two or more, sorted. Numbers never join.
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
