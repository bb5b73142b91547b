/**
 * Adjustments applied to the BM25+ scores of a query's matches, after the scorer and before ranking,
 * in the one search module (so the API and the browser rank identically).
 *
 * A prior by kind: official rules (fact) and the publisher's analyses (expertise) keep their score;
 * teaching and reading content (article, lesson, tool, page) is weighted 0.9; offers, organizations,
 * people and professionals (in the bundled corpus, fictional examples and commercial packages) 0.7.
 * So a rule leads an offer when their scores are within 30 % of each other, and an offer that matches
 * much better still comes first (`auto-école` with kind=organization is unaffected: one kind, one weight).
 * Measured on bench/relevance/queries.yaml (npm run bench:relevance); see docs/search.md, Relevance.
 */
import { KINDS, REGIONS, type Kind } from '../schema/kinds-regions.ts';
import { regionBit } from './listing.ts';
import { processTerm } from './normalize.ts';

/** Score multiplier per record kind (1 when absent). */
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
 * Adjusted scores, in place: `scores[i]` belongs to the record at listing position `positions[i]`,
 * whose kind number is `kinds[positions[i]]`. Pure arithmetic on its inputs, so the order stays
 * deterministic (ties are still broken by id by the caller).
 */
export function adjustScores(positions: Int32Array, scores: Float64Array, kinds: ArrayLike<number>): Float64Array {
  for (let i = 0; i < positions.length; i++) scores[i] = scores[i]! * kindPrior(kinds[positions[i]!]!);
  return scores;
}

/**
 * Title coverage (the main record first): a record whose title holds every slot of the query (each slot: the word
 * or one of its synonyms) scores ×(1 + TITLE_COVERAGE_BONUS × coverage²), coverage being the share of slots its
 * title holds. BM25+ already boosts the title field, but a long text holding the words many times can outscore
 * the record named after them; this follows BM25F's idea of field-level evidence. Measured (docs/search.md): 0.5,
 * 1.5 and 0 give the same recall; 0.5 and 1.5 raise synonym MRR 0.79 -> 0.82, nothing else moves.
 */
export const TITLE_COVERAGE_BONUS: number = 0.5;

/**
 * Title lead (the main record first, the second signal): a record whose title STARTS with the query's words (its
 * first LEAD_WORDS significant words, search-options.ts) scores ×(1 + LEAD_BONUS × share²), share being the part of
 * the query's slots that the lead holds. The corpus's titles name their subject first and detail it after a colon
 * ("Examen théorique du permis B à Bruxelles : 50 questions…"), so a title that merely mentions the words further on
 * ("Délais et validités en Flandre : de l'examen théorique au…") no longer ties with the record about them; a
 * position-in-field signal like Lucene's SpanFirst. Measured (docs/search.md): 0.25 with 3 words.
 */
export const LEAD_BONUS: number = 0.25;

/** Slot option terms' title (or lead) postings (listing positions, sorted), per slot and option: what coverage reads. */
export type TitleDocs = (readonly (ArrayLike<number> | undefined)[])[][];

/** Multiplies, in place, each match's score by its title-coverage factor. */
export function adjustForTitles(positions: Int32Array, scores: Float64Array, slots: TitleDocs): Float64Array {
  return adjustForCoverage(positions, scores, slots, TITLE_COVERAGE_BONUS);
}

/** Multiplies, in place, each match's score by its title-lead factor (`slots`: the lead field's postings). */
export function adjustForLead(positions: Int32Array, scores: Float64Array, slots: TitleDocs): Float64Array {
  return adjustForCoverage(positions, scores, slots, LEAD_BONUS);
}

/** The factor of `covered` of `slots` slots held wholly in a field: 1 + bonus × share² (the top-k scorer uses it too). */
export function coverageFactor(covered: number, slots: number, bonus: number): number {
  const share = covered / slots;
  return 1 + bonus * share * share;
}

/** ×(1 + bonus × share²), share being the part of the slots that some option holds wholly in the field's postings. */
function adjustForCoverage(positions: Int32Array, scores: Float64Array, slots: TitleDocs, bonus: number): Float64Array {
  if (bonus === 0 || slots.length === 0) return scores;
  const at = new Map<number, number>();
  positions.forEach((p, i) => at.set(p, i));
  const covered = new Int32Array(positions.length);
  for (const options of slots) {
    const inSlot = new Set<number>();
    for (const terms of options) {
      if (terms.some((docs) => docs === undefined)) continue;
      let docs = new Set(Array.from(terms[0]!));
      for (const other of terms.slice(1)) {
        const next = new Set(Array.from(other!));
        docs = new Set([...docs].filter((d) => next.has(d)));
      }
      for (const d of docs) inSlot.add(d);
    }
    for (const d of inSlot) {
      const i = at.get(d);
      if (i !== undefined) covered[i]! += 1;
    }
  }
  for (let i = 0; i < scores.length; i++) {
    scores[i] = scores[i]! * coverageFactor(covered[i]!, slots.length, bonus);
  }
  return scores;
}

/**
 * A region named in the query (its own word or one of its synonyms, e.g. "bruxelles", "brussel"): records declared
 * only for other regions, neither for it nor for all of Belgium, score ×OTHER_REGION_PRIOR. A reader who names
 * Brussels wants the rules that apply there; a Flemish-only record that uses the same words is less likely the answer.
 * Mild, so that a much better match still leads. Measured (docs/search.md): 0.85 and 0.7 move the same records.
 */
export const OTHER_REGION_PRIOR: number = 0.85;

/** The region bit of records that apply in all of Belgium. */
const NATIONAL = regionBit('belgique');

/** The regions a query can name: every API region but the whole country. */
const NAMEABLE = REGIONS.filter((region) => region !== 'belgique').map((region) => ({ term: processTerm(region)!, bit: regionBit(region) }));

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


/** Multiplies, in place, each match's score by its region prior (`masks`: region bits by listing position). */
export function adjustForRegions(positions: Int32Array, scores: Float64Array, masks: ArrayLike<number>, named: number): Float64Array {
  if (named === 0) return scores;
  for (let i = 0; i < positions.length; i++) scores[i] = scores[i]! * regionPrior(masks[positions[i]!]!, named);
  return scores;
}
