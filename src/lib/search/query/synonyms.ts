/**
 * Synonyms at query time, from search/synonyms.json. A query is cut into slots: an entry's phrase whose terms the query
 * holds (in any order) is one slot, longest phrase first; every other term is its own. A slot's options are its own
 * terms (weight 1), each synonym and, for one word, its derivational family; a record holds the slot when it holds one
 * option wholly, and the slot scores its best weighted option (a word and its synonym never add up).
 */
import { RANK_WEIGHTS } from '../score/rank-weights.ts';

/** The default weight of a synonym (RANK_WEIGHTS.synonym). */
export const SYNONYM_WEIGHT: number = RANK_WEIGHTS.synonym;

/** One alternative of a phrase: its index terms (all required) and its weight. */
export interface SynonymOption {
  terms: string[];
  weight: number;
}

/** The weight of a stem of a word's derivational family (RANK_WEIGHTS.derivation). */
export const DERIVATION_WEIGHT: number = RANK_WEIGHTS.derivation;

/** search/synonyms.json: rules from a phrase (index terms) to its alternatives, and the derivational families. */
export interface SynonymsArtefact {
  version: 1;
  rules: { from: string[]; to: SynonymOption[] }[];
  families?: string[][];
}

/** The artefact of a build without synonyms. */
export const NO_SYNONYMS: SynonymsArtefact = { version: 1, rules: [] };

/** A slot of a query: its own terms, and the options that may stand for them (its own terms first, weight 1). */
export interface Slot {
  terms: string[];
  options: SynonymOption[];
}

/** A compiled lookup: rules by each of their terms, longest phrase first. */
export interface Synonyms {
  /** Cuts query terms (deduplicated) into slots; the result does not depend on their order. */
  slots(terms: readonly string[]): Slot[];
  /** Whether `term` is a word of the synonyms file (families do not count). */
  has(term: string): boolean;
}

/** Builds the lookup over an artefact; rules with the same phrase are merged (best weight per alternative). */
export function createSynonyms(artefact: SynonymsArtefact): Synonyms {
  const merged = new Map<string, { from: string[]; to: Map<string, SynonymOption> }>();
  for (const rule of artefact.rules) {
    const key = rule.from.join(' ');
    let entry = merged.get(key);
    if (!entry) merged.set(key, (entry = { from: rule.from, to: new Map() }));
    for (const option of rule.to) {
      const alternative = option.terms.join(' ');
      if (alternative === key) continue;
      const seen = entry.to.get(alternative);
      if (!seen || seen.weight < option.weight) entry.to.set(alternative, option);
    }
  }
  // Longest phrase first, then by its text: which rule takes a term never depends on the query's word order.
  const rules = [...merged.values()].sort(
    (a, b) => b.from.length - a.from.length || (a.from.join(' ') < b.from.join(' ') ? -1 : 1),
  );
  const byTerm = new Map<string, typeof rules>();
  for (const rule of rules)
    for (const term of new Set(rule.from)) byTerm.set(term, [...(byTerm.get(term) ?? []), rule]);
  const family = new Map<string, string[]>();
  for (const stems of artefact.families ?? []) for (const stem of stems) family.set(stem, stems);
  const derivations = (own: string[], offered: SynonymOption[]): SynonymOption[] => {
    const stems = own.length === 1 ? family.get(own[0]!) : undefined;
    if (stems === undefined) return [];
    const taken = new Set([own[0], ...offered.map((o) => o.terms.join(' '))]);
    return stems.filter((stem) => !taken.has(stem)).map((stem) => ({ terms: [stem], weight: DERIVATION_WEIGHT }));
  };
  return {
    has: (term) => byTerm.has(term),
    slots(terms) {
      const remaining = new Set(terms);
      const slots: Slot[] = [];
      for (const term of [...remaining].sort()) {
        if (!remaining.has(term)) continue;
        const rule = byTerm.get(term)?.find((r) => r.from.every((t) => remaining.has(t)));
        const own = rule ? rule.from : [term];
        for (const t of own) remaining.delete(t);
        const offered = rule ? [...rule.to.values()] : [];
        const others = [...offered, ...derivations(own, offered)];
        if (others.length > 1)
          others.sort((a, b) => b.weight - a.weight || (a.terms.join(' ') < b.terms.join(' ') ? -1 : 1));
        slots.push({ terms: own, options: [{ terms: own, weight: 1 }, ...others] });
      }
      return slots;
    },
  };
}

/** The cache key of a query's slots: order-independent, so the same words always score in one order. */
export function slotsKey(slots: readonly Slot[]): string {
  return slots
    .map((s) => s.terms.join('+'))
    .sort()
    .join(' ');
}
