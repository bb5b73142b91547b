/**
 * The one score of a record under a query, for every evaluator (top-k's passes, the blend's partial scores, the
 * reference): MiniSearch's BM25+ per term and field (bit-identical to MiniSearch), a slot's best weighted option, the
 * slots added in slot order, then the rank adjustments in this order: × quality (the query's term count, as
 * MiniSearch's AND), × the kind prior, × the title coverage factor, × the title lead factor, × the region prior.
 * Each adjustment's why and its measurement: docs/search.md, Relevance.
 */
import { KINDS, REGIONS, type Kind } from '../../schema/kinds-regions.ts';
import { regionBit } from '../index/listing.ts';
import { processTerm } from '../text/normalize.ts';
import { querySearchOptions } from '../index/search-options.ts';

/** MiniSearch's default BM25+ parameters. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** One field's postings of a term: listing positions, term frequencies, and those documents' field lengths. */
export interface Postings {
  docs: Int32Array;
  freqs: Int32Array;
  lengths: Int32Array;
}

/** One option of a query slot (synonyms.ts): the postings of each of its terms (all required), and its weight. */
export interface OptionPostings {
  /** Per term, its postings per field id, or undefined when no document holds it. */
  lists: readonly ((Postings | undefined)[] | undefined)[];
  weight: number;
}

/** A query slot: a word or phrase and its synonyms, each an option (the slot's own terms first, weight 1). */
export interface SlotPostings {
  options: readonly OptionPostings[];
}

/** MiniSearch's IDF of a term held by `matching` of `records` documents. */
export function bm25Idf(records: number, matching: number): number {
  return Math.log(1 + (records - matching + 0.5) / (matching + 0.5));
}

/** BM25+ of posting i of a list, with MiniSearch's operations in MiniSearch's order (so scores are bit-identical). */
export function postingScore(list: Postings, i: number, idf: number, boost: number, average: number): number {
  const freq = list.freqs[i]!;
  const length = list.lengths[i]!;
  const raw = idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
  return 1 * 1 * boost * 1 * raw;
}

/** The query boost of each field (querySearchOptions), by field id; 0 for a field queries do not search (the lead). */
export function fieldBoosts(fields: readonly string[]): number[] {
  const boosts = querySearchOptions.boost as Record<string, number>;
  const searched = new Set<string>(querySearchOptions.fields);
  return fields.map((name) => (searched.has(name) ? (boosts[name] ?? 1) : 0));
}

/**
 * Score multiplier per record kind (1 when absent): official rules (fact) and the publisher's analyses (expertise)
 * keep their score; teaching and reading content 0.9; offers, organizations, people and professionals 0.7, so a rule
 * leads an offer when their scores are within 30 % of each other and an offer that matches much better still leads.
 */
export const KIND_PRIOR: Readonly<Partial<Record<Kind, number>>> = {
  article: 0.9,
  lesson: 0.9,
  tool: 0.9,
  page: 0.9,
  organization: 0.7,
  offer: 0.7,
  person: 0.7,
  professional: 0.7,
};

/** The multiplier of each kind, by its index in KINDS (the listing's kind numbers). */
const PRIOR_BY_KIND_INDEX = Float64Array.from(KINDS, (kind) => KIND_PRIOR[kind] ?? 1);

/** The prior of a record of kind number `kind` (its index in KINDS). */
export function kindPrior(kind: number): number {
  return PRIOR_BY_KIND_INDEX[kind] ?? 1;
}

/**
 * Title coverage (the main record first): ×(1 + TITLE_COVERAGE_BONUS × share²), share being the part of the query's
 * slots (each: the word or one of its synonyms, an option wholly) that the record's title holds; BM25F's idea of
 * field-level evidence.
 */
export const TITLE_COVERAGE_BONUS: number = 0.5;

/**
 * Title lead: ×(1 + LEAD_BONUS × share²), share being the part of the query's slots that the title's first LEAD_WORDS
 * significant words hold (search-options.ts): titles name their subject first; a position-in-field signal like
 * Lucene's SpanFirst.
 */
export const LEAD_BONUS: number = 0.25;

/** The factor of `covered` of `slots` slots held wholly in a field: 1 + bonus × share². */
export function coverageFactor(covered: number, slots: number, bonus: number): number {
  const share = covered / slots;
  return 1 + bonus * share * share;
}

/**
 * A region named in the query (its own word or one of its synonyms): records declared only for other regions,
 * neither for it nor for all of Belgium, score ×OTHER_REGION_PRIOR. Mild, so that a much better match still leads.
 */
export const OTHER_REGION_PRIOR: number = 0.85;

/** The region bit of records that apply in all of Belgium. */
const NATIONAL = regionBit('belgique');

/** The regions a query can name: every API region but the whole country. */
const NAMEABLE = REGIONS.filter((region) => region !== 'belgique').map((region) => ({
  term: processTerm(region)!,
  bit: regionBit(region),
}));

/** The region bits (listing.ts) that a query's slots name: a slot one of whose options is a region's own index term. */
export function namedRegions(slots: readonly { options: readonly { terms: readonly string[] }[] }[]): number {
  let named = 0;
  for (const { term, bit } of NAMEABLE) {
    if (slots.some((slot) => slot.options.some((o) => o.terms.length === 1 && o.terms[0] === term))) named |= bit;
  }
  return named;
}

/** The prior of a record with region bits `mask` for a query naming the regions `named` (0: none): 1 or OTHER_REGION_PRIOR. */
export function regionPrior(mask: number, named: number): number {
  return named === 0 || (mask & (named | NATIONAL)) !== 0 ? 1 : OTHER_REGION_PRIOR;
}

/** The rank adjustments of one query, tabulated once: by kind number, covered slots, led slots, region mask. */
export interface RankFactors {
  quality: number;
  priors: Float64Array;
  coverage: Float64Array;
  lead: Float64Array;
  regions: Float64Array;
}

/** The rank adjustments of a query of `slots` slots and `quality` terms naming the regions `named`. */
export function rankFactors(slots: number, quality: number, named: number): RankFactors {
  return {
    quality,
    priors: Float64Array.from({ length: 16 }, (_, kind) => kindPrior(kind)),
    coverage: Float64Array.from({ length: slots + 1 }, (_, covered) =>
      coverageFactor(covered, slots, TITLE_COVERAGE_BONUS),
    ),
    lead: Float64Array.from({ length: slots + 1 }, (_, led) => coverageFactor(led, slots, LEAD_BONUS)),
    regions: Float64Array.from({ length: 16 }, (_, mask) => regionPrior(mask, named)),
  };
}

/**
 * THE score: a record's sum of slots (`total`) with its listing byte (kind low 4 bits, regions high 4 bits), `covered`
 * slots in its title and `led` in its title's lead, adjusted in the documented order.
 */
export function rankScore(total: number, byte: number, covered: number, led: number, f: RankFactors): number {
  return total * f.quality * f.priors[byte & 0x0f]! * f.coverage[covered]! * f.lead[led]! * f.regions[byte >> 4]!;
}
