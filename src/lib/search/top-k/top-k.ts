/**
 * Top-k evaluation: a query's matches are an intersection of bitsets, totals and facets a count over it, and only
 * records that can enter the page are scored, read best impact first (impact-read.ts, Fagin's threshold algorithm).
 * Order, totals and facets are exactly those of scoring every match (score.ts), ties by listing position.
 */
import { createScratch, scoreAll, type PlanOption, type ScorePlan } from './score-pass.ts';
import { partFactorsOf, readByImpact, type ImpactQuery } from './impact-read.ts';
import { fieldBoosts, rankFactors, type Postings, type SlotPostings } from '../score/score.ts';
import type { SearchManifest } from '../index/shards.ts';
import {
  createTermIndexCache,
  orderByImpact,
  popcount,
  positionsOf,
  type TermIndexBounds,
} from '../score/term-index.ts';
import { PageHeap } from './page-heap.ts';
import { histogramTotal, type Filters, type PositionFilter } from '../index/listing.ts';
import { KINDS, REGIONS } from '../../schema/kinds-regions.ts';

/** Records read from a term's impact order between two checks of the stopping bound. */
export const BATCH = 16;

/**
 * What reading one record by impact costs per query term, in postings of one pass: measured 1.2 for two terms, 1.9
 * for eight at 50,000 records (docs/performance.md).
 */
export const READ_COST = 2;

/** Most distinct terms for a page read by impact (else one pass): more terms bound the score too loosely. */
export const MAX_IMPACT_TERMS = 4;

/** The matches of a query, ready for pages of any filter and size. */
export interface Evaluation {
  /** How many records match. */
  readonly count: number;
  /** Listing positions holding every slot, ascending (made on first need). */
  readonly positions: Int32Array;
  /** Matches per listing byte (kind low 4 bits, regions high 4 bits): facets. */
  readonly histogram: Int32Array;
  /** How many matches pass the filters (a count over bitsets, never a score). */
  total(filters: Filters): number;
  /** The `count` best positions kept by `keep`, and their scores; past half of `kept` matches, every match is ranked. */
  top(keep: PositionFilter, count: number, kept?: number): { top: number[]; scores: number[] };
  /** Records fully scored so far, over every page asked of this evaluation. */
  readonly scored: number;
}

/** Everything the evaluator needs of the index. */
export interface TopKContext {
  manifest: Pick<SearchManifest, 'records' | 'fields' | 'averageFieldLength'>;
  /** Kind (low 4 bits) and region mask (high 4 bits) per listing position. */
  kindRegions: Uint8Array;
  /** Records read per term between bound checks (BATCH). */
  batch?: number;
  /** Bounds of the term index cache (TERM_INDEX_BOUNDS). */
  terms?: TermIndexBounds;
}

/** What evaluates queries over one index: top-k, or the reference (reference.ts). */
export interface Evaluator {
  /** The matches of AND slots (`quality` the query's term count, `named` the regions it names). */
  evaluate(slots: readonly SlotPostings[], quality: number, named?: number): Evaluation;
  /** Builds a term's index and impact order now (preloading). */
  prepare(lists: readonly (Postings | undefined)[]): void;
  /** What the term index cache holds now. */
  termUsage(): { entries: number; bytes: number };
}

/** Builds evaluations over one index. */
export function createTopK({ manifest, kindRegions, batch = BATCH, terms: bounds }: TopKContext): Evaluator {
  // The lead field (-1: none) scores nothing: it gives the title-lead factor.
  const weights = {
    boosts: fieldBoosts(manifest.fields),
    averages: manifest.averageFieldLength,
    records: manifest.records,
    titleField: manifest.fields.indexOf('title'),
    leadField: manifest.fields.indexOf('lead'),
  };
  const termIndices = createTermIndexCache(weights, kindRegions, bounds);
  const words = Math.ceil(manifest.records / 32);
  // Records already read by the query being evaluated: its number in `seen` (evaluation is synchronous).
  const seen = new Int32Array(manifest.records);
  let mark = 0;
  const scratch = createScratch(manifest.records);
  // Per kind and per region, the bitset of its records: filtered totals are counts of a few ANDed words.
  const kindBits = KINDS.map(() => new Uint32Array(words));
  const regionBits = REGIONS.map(() => new Uint32Array(words));
  kindRegions.forEach((byte, at) => {
    kindBits[byte & 0x0f]![at >>> 5]! |= 1 << (at & 31);
    REGIONS.forEach((_, r) => ((byte >> 4) & (1 << r) ? (regionBits[r]![at >>> 5]! |= 1 << (at & 31)) : 0));
  });

  function evaluate(slots: readonly SlotPostings[], quality: number, named = 0): Evaluation {
    const plan: Omit<PlanOption, 'at'>[][] = slots.map((slot) =>
      slot.options
        .filter((o) => o.lists.length > 0 && o.lists.every((l) => l !== undefined))
        .map((o) => ({ weight: o.weight, terms: o.lists.map((l) => termIndices.get(l!)) })),
    );
    const empty = plan.length === 0 || plan.some((options) => options.length === 0);
    const single =
      !empty && plan.length === 1 && plan[0]!.length === 1 && plan[0]![0]!.terms.length === 1
        ? plan[0]![0]!.terms[0]!
        : null;
    let bits: Uint32Array | null = null;
    if (!empty && !single) {
      bits = new Uint32Array(words);
      plan.forEach((options, t) => {
        const slot = options.length === 1 ? null : new Uint32Array(words);
        for (const option of options) {
          const first = option.terms[0]!.bits;
          for (let w = 0; w < words; w++) {
            let word = first[w]!;
            for (let k = 1; k < option.terms.length && word !== 0; k++) word &= option.terms[k]!.bits[w]!;
            if (!slot) bits![w] = t === 0 ? word : bits![w]! & word;
            else slot[w]! |= word;
          }
        }
        if (slot) for (let w = 0; w < words; w++) bits![w] = t === 0 ? slot[w]! : bits![w]! & slot[w]!;
      });
    }
    let count = 0;
    if (single) count = single.docs.length;
    else if (bits) for (let w = 0; w < words; w++) count += popcount(bits[w]!);
    let positions: Int32Array | undefined = single?.docs ?? (count === 0 ? new Int32Array(0) : undefined);
    let histogram: Int32Array | undefined = single?.histogram;
    const all = () => (positions ??= positionsOf(bits!));

    // The distinct terms (each with its streams when reading by impact).
    const terms = [...new Set(plan.flatMap((options) => options.flatMap((o) => o.terms)))];
    const termAt = new Map(terms.map((term, i) => [term, i]));
    const planAt: PlanOption[][] = plan.map((options) =>
      options.map((o) => ({ ...o, at: Int32Array.from(o.terms, (term) => termAt.get(term)!) })),
    );
    const scorePlan: ScorePlan = { slots: planAt, factors: rankFactors(plan.length, quality, named), kindRegions };

    let scored = 0;
    let full: { order: Int32Array; scores: Float64Array } | undefined;

    /** Every match scored and ranked once, for deep pages: later pages and filters are scans of it. */
    function ranking() {
      if (!full) {
        const at = all();
        const scores = scoreAll(scorePlan, bits, at, scratch).slice(0, at.length);
        scored += at.length;
        const order = Int32Array.from(at.keys()).sort((a, b) => scores[b]! - scores[a]! || at[a]! - at[b]!);
        full = { order: Int32Array.from(order, (i) => at[i]!), scores: Float64Array.from(order, (i) => scores[i]!) };
      }
      return full;
    }

    /** The page by one pass over every match. */
    function linear(keep: PositionFilter, count: number) {
      const heap = new PageHeap(count);
      const at = all();
      const scores = scoreAll(scorePlan, bits, at, scratch);
      scored += at.length;
      offerAll(heap, at, scores, keep);
      return heap.result();
    }

    // Reading by impact gives up past half a pass (READ_COST per term and record read): at most about 1.5 passes.
    const work = terms.reduce((n, term) => n + term.docs.length, 0);
    const impactQuery: ImpactQuery = {
      plan: scorePlan,
      terms,
      bits,
      partFactors: partFactorsOf(plan.length),
      batch,
      reads: work / (2 * READ_COST * terms.length),
    };

    /** The page by reading each term's records best impact first, or `linear` once that costs more than half a pass. */
    function threshold(keep: PositionFilter, count: number) {
      const heap = new PageHeap(count);
      for (const term of terms) orderByImpact(term, kindRegions);
      mark += 1;
      if (mark > 2 ** 30) (mark = 1), seen.fill(0);
      const done = readByImpact(impactQuery, heap, keep, seen, mark);
      if (done < 0) return linear(keep, count);
      scored += done;
      return heap.result();
    }

    return {
      count,
      get positions() {
        return all();
      },
      total(filters) {
        if (count === 0 || (filters.kind === undefined && filters.region === undefined)) return count;
        if (single) return histogramTotal(single.histogram, filters);
        const kind = filters.kind === undefined ? null : kindBits[KINDS.indexOf(filters.kind)]!;
        const region = filters.region === undefined ? null : regionBits[REGIONS.indexOf(filters.region)]!;
        let n = 0;
        for (let w = 0; w < words; w++) n += popcount(bits![w]! & (kind ? kind[w]! : -1) & (region ? region[w]! : -1));
        return n;
      },
      get histogram() {
        if (!histogram) {
          histogram = new Int32Array(256);
          if (bits)
            for (let w = 0; w < words; w++)
              for (let word = bits[w]!; word !== 0; word &= word - 1)
                histogram[kindRegions[(w << 5) + 31 - Math.clz32(word & -word)]!]! += 1;
        }
        return histogram;
      },
      get scored() {
        return scored;
      },
      top(keep, want, kept) {
        if (want === 0 || count === 0) return { top: [], scores: [] };
        if (full || (kept !== undefined && want * 2 >= kept)) {
          const { order, scores } = ranking();
          const top: number[] = [];
          const values: number[] = [];
          for (let i = 0; i < order.length && top.length < want; i++) {
            if (keep && !keep(order[i]!)) continue;
            top.push(order[i]!);
            values.push(scores[i]!);
          }
          return { top, scores: values };
        }
        return terms.length <= MAX_IMPACT_TERMS ? threshold(keep, want) : linear(keep, want);
      },
    };
  }
  const prepare = (lists: readonly (Postings | undefined)[]) => orderByImpact(termIndices.get(lists), kindRegions);
  return { evaluate, prepare, termUsage: termIndices.usage };
}

/** Offers every kept match to the heap (module level, so that its optimised code serves every query). */
function offerAll(heap: PageHeap, at: Int32Array, scores: Float64Array, keep: PositionFilter): void {
  for (let i = 0; i < at.length; i++) if (!keep || keep(at[i]!)) heap.offer(scores[i]!, at[i]!);
}
