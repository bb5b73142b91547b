/**
 * The one score of a record under a query, for every evaluator: MiniSearch's BM25+ per term and field (bit-identical),
 * a slot's best weighted option, slots added in slot order, then × quality (the query's term count, as MiniSearch's
 * AND), × kind prior, × title coverage, × title lead, × region prior, in that order (docs/search.md, Relevance).
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

/** Score multiplier per record kind (1 when absent): a rule leads an offer unless the offer matches much better. */
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

const PRIOR_BY_KIND_INDEX = Float64Array.from(KINDS, (kind) => KIND_PRIOR[kind] ?? 1);

/** The prior of a record of kind number `kind` (its index in KINDS). */
export function kindPrior(kind: number): number {
  return PRIOR_BY_KIND_INDEX[kind] ?? 1;
}

/** Title coverage: ×(1 + TITLE_COVERAGE_BONUS × share²), share being the part of the query's slots the title holds. */
export const TITLE_COVERAGE_BONUS: number = 0.5;

/** Title lead: ×(1 + LEAD_BONUS × share²), share being the part of the slots the title's first LEAD_WORDS words hold. */
export const LEAD_BONUS: number = 0.25;

function coverageFactor(covered: number, slots: number, bonus: number): number {
  const share = covered / slots;
  return 1 + bonus * share * share;
}

/** A query naming a region: records only for other regions (not all of Belgium) score ×OTHER_REGION_PRIOR (mild). */
export const OTHER_REGION_PRIOR: number = 0.85;

const NATIONAL = regionBit('belgique');

/** The regions a query can name: every API region but the whole country. */
const NAMEABLE = REGIONS.filter((region) => region !== 'belgique').map((region) => ({
  term: processTerm(region)!,
  bit: regionBit(region),
}));

/** The region bits that a query's slots name: a slot with an option that is a region's own index term. */
export function namedRegions(slots: readonly { options: readonly { terms: readonly string[] }[] }[]): number {
  let named = 0;
  for (const { term, bit } of NAMEABLE) {
    if (slots.some((slot) => slot.options.some((o) => o.terms.length === 1 && o.terms[0] === term))) named |= bit;
  }
  return named;
}

/** The prior of a record with region bits `mask` for a query naming the regions `named` (0: none). */
export function regionPrior(mask: number, named: number): number {
  return named === 0 || (mask & (named | NATIONAL)) !== 0 ? 1 : OTHER_REGION_PRIOR;
}

/** The rank adjustments of one query: its term count, its slot count and the region bits it names. */
export interface RankFactors {
  quality: number;
  slots: number;
  named: number;
}

/** The rank adjustments of a query of `slots` slots and `quality` terms naming the regions `named`. */
export function rankFactors(slots: number, quality: number, named: number): RankFactors {
  return { quality, slots, named };
}

/**
 * THE score: a record's sum of slots with its listing byte, `covered` slots in its title and `led` in its lead. Computed
 * per record, not looked up in tables built per query: building them cost more than the arithmetic they saved.
 */
export function rankScore(total: number, byte: number, covered: number, led: number, f: RankFactors): number {
  return (
    total *
    f.quality *
    kindPrior(byte & 0x0f) *
    coverageFactor(covered, f.slots, TITLE_COVERAGE_BONUS) *
    coverageFactor(led, f.slots, LEAD_BONUS) *
    regionPrior(byte >> 4, f.named)
  );
}
