/**
 * Synonyms at query time, from the one built file search/synonyms.json (compiled from content/synonyms.yaml by
 * synonyms-file.ts), read alike by the server, the edge worker, the MCP tools and the browser.
 *
 * A query is cut into slots: a run of its terms that an entry names (longest first, left to right) is one slot,
 * every other term its own slot. A slot is a disjunction of options, each a conjunction of index terms with a
 * weight: the slot's own terms (weight 1) and each synonym (its entry's weight). A record holds the slot when it
 * holds every term of one option, and the slot scores the best of its options' weighted scores (a disjunction-max:
 * a word and its synonym never add up). Every slot is required (the AND rule), and slot scores add up. So a slot
 * is a weighted alternative posting list for the query words: its upper bound is the largest weight × the sum of
 * its terms' bounds, which is what a top-k evaluation with exact pruning needs.
 */
import { processTerm, tokenize } from './normalize.ts';

/** The default weight of a synonym (content/synonyms.yaml may set another per entry); see docs/search.md. */
export const SYNONYM_WEIGHT = 0.5;

/** One alternative of a phrase: its index terms (all required) and its weight. */
export interface SynonymOption {
  terms: string[];
  weight: number;
}

/** search/synonyms.json: each rule maps a phrase (index terms, in order) to its alternatives. */
export interface SynonymsArtefact {
  version: 1;
  rules: { from: string[]; to: SynonymOption[] }[];
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
  return [...new Set(tokenize(phrase).map(processTerm).filter((t): t is string => t !== null))];
}

/** A compiled lookup: rules by their first term, longest phrase first. */
export interface Synonyms {
  readonly artefact: SynonymsArtefact;
  /** Cuts query terms (in order, deduplicated) into slots. */
  slots(terms: readonly string[]): Slot[];
}

/** Builds the lookup over an artefact; rules with the same phrase are merged (best weight per alternative). */
export function createSynonyms(artefact: SynonymsArtefact): Synonyms {
  const byFirst = new Map<string, { from: string[]; to: Map<string, SynonymOption> }[]>();
  for (const rule of artefact.rules) {
    const list = byFirst.get(rule.from[0]!) ?? [];
    byFirst.set(rule.from[0]!, list);
    let entry = list.find((r) => r.from.join(' ') === rule.from.join(' '));
    if (!entry) list.push((entry = { from: rule.from, to: new Map() }));
    for (const option of rule.to) {
      const key = option.terms.join(' ');
      if (key === rule.from.join(' ')) continue;
      const seen = entry.to.get(key);
      if (!seen || seen.weight < option.weight) entry.to.set(key, option);
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.from.length - a.from.length);
  return {
    artefact,
    slots(terms) {
      const slots: Slot[] = [];
      for (let i = 0; i < terms.length; ) {
        const rule = byFirst.get(terms[i]!)?.find((r) => r.from.every((t, k) => terms[i + k] === t));
        const own = rule ? rule.from : [terms[i]!];
        const others = rule ? [...rule.to.values()].sort((a, b) => b.weight - a.weight || (a.terms.join(' ') < b.terms.join(' ') ? -1 : 1)) : [];
        slots.push({ terms: own, options: [{ terms: own, weight: 1 }, ...others] });
        i += own.length;
      }
      return slots;
    },
  };
}

/** The cache key of a query's slots: order-independent, so the same words always score in one order. */
export function slotsKey(slots: readonly Slot[]): string {
  return slots.map((s) => s.terms.join('+')).sort().join(' ');
}
