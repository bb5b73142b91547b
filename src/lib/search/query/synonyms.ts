/**
 * Synonyms at query time, from the one built file search/synonyms.json (compiled from content/synonyms.yaml by
 * synonyms-file.ts), read alike by the server, the edge worker, the MCP tools and the browser.
 *
 * A query is cut into slots: the terms of an entry's phrase, when the query holds them all (in any order, so that
 * the same words always give the same ranking), form one slot, longest phrase first; every other term is its own slot. A slot is a disjunction of options, each a conjunction of index terms with a
 * weight: the slot's own terms (weight 1), each synonym (its entry's weight) and, for a one-word slot, the other stems of
 * its derivational family (DERIVATION_WEIGHT). A record holds the slot when it
 * holds every term of one option, and the slot scores the best of its options' weighted scores (a disjunction-max:
 * a word and its synonym never add up). Every slot is required (the AND rule), and slot scores add up. So a slot
 * is a weighted alternative posting list for the query words: its upper bound is the largest weight × the sum of
 * its terms' bounds, which is what a top-k evaluation with exact pruning needs.
 */
import { processTerm, tokenize } from '../text/normalize.ts';
import { RANK_WEIGHTS } from '../score/rank-weights.ts';

/** The default weight of a synonym (content/synonyms.yaml may set another per entry): RANK_WEIGHTS.synonym. */
export const SYNONYM_WEIGHT: number = RANK_WEIGHTS.synonym;

/** One alternative of a phrase: its index terms (all required) and its weight. */
export interface SynonymOption {
  terms: string[];
  weight: number;
}

/** What a stem of a word's derivational family scores (index/families.ts): RANK_WEIGHTS.derivation. */
export const DERIVATION_WEIGHT: number = RANK_WEIGHTS.derivation;

/**
 * search/synonyms.json: each rule maps a phrase (index terms, in order) to its alternatives; `families` are the
 * index's derivational families (index/families.ts), absent from builds made before them.
 */
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

/** The index terms of a written phrase, stop words dropped (empty when it has no significant word). */
export function phraseTerms(phrase: string): string[] {
  return [
    ...new Set(
      tokenize(phrase)
        .map(processTerm)
        .filter((t): t is string => t !== null),
    ),
  ];
}

/** A compiled lookup: rules by each of their terms, longest phrase first. */
export interface Synonyms {
  readonly artefact: SynonymsArtefact;
  /** Cuts query terms (deduplicated) into slots; the result does not depend on their order. */
  slots(terms: readonly string[]): Slot[];
  /** Whether `term` is a word of the synonyms file (a phrase of one of its rules); derivational families do not count. */
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
  /** A one-word slot's derivations (the other stems of its family) that no rule already offers. */
  const derivations = (own: string[], offered: SynonymOption[]): SynonymOption[] => {
    if (own.length !== 1) return [];
    const taken = new Set([own[0], ...offered.map((o) => o.terms.join(' '))]);
    return (family.get(own[0]!) ?? [])
      .filter((stem) => !taken.has(stem))
      .map((stem) => ({ terms: [stem], weight: DERIVATION_WEIGHT }));
  };
  return {
    artefact,
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
        const others = [...offered, ...derivations(own, offered)].sort(
          (a, b) => b.weight - a.weight || (a.terms.join(' ') < b.terms.join(' ') ? -1 : 1),
        );
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
