/**
 * The threshold algorithm of top-k.ts: read each term's records best impact first (in three parts, led, titled-only
 * and untitled, each bounded with its own factors), score each new one exactly, stop once no unread record can beat the
 * page's worst. Module-level functions over plain state (as score-pass.ts), no closures per query.
 */
import { LEAD_BONUS, TITLE_COVERAGE_BONUS } from '../score/score.ts';
import { scoreOne, type PlanOption, type ScorePlan } from './score-pass.ts';
import type { TermIndex } from '../score/term-index.ts';
import type { PageHeap } from './page-heap.ts';
import type { PositionFilter } from '../index/listing.ts';

/** A query's reading state: its distinct terms, and per term and part (3u + part) the next record and the part's end. */
export interface ImpactQuery {
  plan: ScorePlan;
  terms: readonly TermIndex[];
  /** The query's matches (null: every record of its one term matches). */
  bits: Uint32Array | null;
  /** The most a record of each part can be multiplied by (title coverage × title lead), for a slot of one option. */
  partFactors: Float64Array;
  /** Records read per part between two checks of the stopping bound. */
  batch: number;
  /** Reads allowed before giving up (then the caller scores one pass). */
  reads: number;
}

/** partFactors for `slots` slots: a slot missing from the title (lead) caps its factor at 1 + BONUS × ((slots - 1) / slots)². */
export function partFactorsOf(slots: number): Float64Array {
  const share = ((slots - 1) / slots) ** 2;
  const lead = 1 + LEAD_BONUS * share;
  return Float64Array.of(
    (1 + TITLE_COVERAGE_BONUS) * (1 + LEAD_BONUS),
    (1 + TITLE_COVERAGE_BONUS) * lead,
    (1 + TITLE_COVERAGE_BONUS * share) * lead,
  );
}

/** The impact of the next record of term u's part (-1 when the part is read). */
function frontier(terms: readonly TermIndex[], cursors: Int32Array, ends: Int32Array, u: number, part: number): number {
  const c = cursors[3 * u + part]!;
  return c < ends[3 * u + part]! ? terms[u]!.impacts[c]! : -1;
}

/**
 * At least the score of any record no stream has reached yet (-1 when none can match). A slot of several options, any
 * of which may hold the title, takes the largest factors; the region prior is at most 1; 1e-9 covers float rounding.
 */
function bound(q: ImpactQuery, cursors: Int32Array, ends: Int32Array): number {
  const { slots } = q.plan;
  const { quality } = q.plan.factors;
  const f = q.partFactors;
  let total = 0;
  for (let t = 0; t < slots.length; t++) {
    const options: PlanOption[] = slots[t]!;
    let best = -1;
    for (let o = 0; o < options.length; o++) {
      const option = options[o]!;
      let any = 0;
      let allTitled = 0;
      let allLed = 0;
      for (let k = 0; k < option.at.length; k++) {
        const u = option.at[k]!;
        const fl = frontier(q.terms, cursors, ends, u, 0);
        const ft = Math.max(fl, frontier(q.terms, cursors, ends, u, 1));
        const fa = Math.max(ft, frontier(q.terms, cursors, ends, u, 2));
        if (fa < 0) {
          any = -1;
          break;
        }
        any += fa;
        allTitled = ft < 0 || allTitled < 0 ? -1 : allTitled + ft;
        allLed = fl < 0 || allLed < 0 ? -1 : allLed + fl;
      }
      if (any < 0) continue;
      const most =
        options.length === 1
          ? Math.max(any * f[2]!, allTitled < 0 ? -1 : allTitled * f[1]!, allLed < 0 ? -1 : allLed * f[0]!)
          : any * f[0]!;
      if (option.weight * most > best) best = option.weight * most;
    }
    if (best < 0) return -1;
    total += best;
  }
  return total * quality * (1 + 1e-9);
}

/** Fills `heap` with the best records kept by `keep` (`seen[doc] === mark`: read); records scored, or -1 past `q.reads`. */
export function readByImpact(
  q: ImpactQuery,
  heap: PageHeap,
  keep: PositionFilter,
  seen: Int32Array,
  mark: number,
): number {
  const { terms, bits, batch } = q;
  const cursors = new Int32Array(3 * terms.length);
  const ends = new Int32Array(3 * terms.length);
  for (let u = 0; u < terms.length; u++) {
    const term = terms[u]!;
    cursors[3 * u + 1] = ends[3 * u] = term.led;
    cursors[3 * u + 2] = ends[3 * u + 1] = term.split;
    ends[3 * u + 2] = term.docs.length;
  }
  let read = 0;
  let scored = 0;
  for (;;) {
    const limit = bound(q, cursors, ends);
    if (limit < 0 || (heap.full && limit < heap.worst)) return scored;
    if (read > q.reads) return -1;
    // The stream whose next records can score most.
    let pick = -1;
    let most = -1;
    for (let u = 0; u < terms.length; u++) {
      for (let part = 0; part < 3; part++) {
        const f = frontier(terms, cursors, ends, u, part) * q.partFactors[part]!;
        if (f >= 0 && f > most) (most = f), (pick = 3 * u + part);
      }
    }
    const u = (pick / 3) | 0;
    const term = terms[u]!;
    const end = Math.min(ends[pick]!, cursors[pick]! + batch);
    for (let c = cursors[pick]!; c < end; c++) {
      const index = term.order[c]!;
      const doc = term.docs[index]!;
      read += 1;
      if (seen[doc] === mark) continue;
      seen[doc] = mark;
      if ((bits !== null && (bits[doc >>> 5]! & (1 << (doc & 31))) === 0) || (keep && !keep(doc))) continue;
      heap.offer(scoreOne(q.plan, terms, doc, u, index), doc);
      scored += 1;
    }
    cursors[pick] = end;
  }
}
