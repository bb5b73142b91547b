/**
 * Exact scores of matches for top-k.ts, in score.ts's order: one record at a time, or every match at once, term at a
 * time, into scratch arrays. Module level and free of per-query closures: closures made per query deoptimised these
 * loops on every new query ("wrong call target").
 */
import { rankScore, type RankFactors } from '../score/score.ts';
import { indexOf, LED, TITLED, type TermIndex } from '../score/term-index.ts';

/** A slot option of a query: its weight, its terms, and their numbers among the query's distinct terms. */
export interface PlanOption {
  weight: number;
  terms: TermIndex[];
  at: Int32Array;
}

/** A query ready to score: its slots' options, and its rank adjustments (score.ts). */
export interface ScorePlan {
  slots: PlanOption[][];
  factors: RankFactors;
  kindRegions: Uint8Array;
}

/** The score of one match; term `hintTerm` of the query's distinct terms holds it at `hintIndex` (no search). */
export function scoreOne(
  plan: ScorePlan,
  terms: readonly TermIndex[],
  doc: number,
  hintTerm: number,
  hintIndex: number,
): number {
  let total = 0;
  let covered = 0;
  let led = 0;
  for (let t = 0; t < plan.slots.length; t++) {
    const options = plan.slots[t]!;
    let best = -Infinity;
    // Bit by bit: some option of the slot whose every term its title (bit 0) or lead (bit 1) holds.
    let inTitle = 0;
    for (let o = 0; o < options.length; o++) {
      const option = options[o]!;
      let sum = 0;
      let titled = TITLED | LED;
      let held = true;
      for (let k = 0; k < option.at.length; k++) {
        const u = option.at[k]!;
        const term = terms[u]!;
        const i = u === hintTerm ? hintIndex : indexOf(term, doc);
        if (i < 0) {
          held = false;
          break;
        }
        sum += term.scores[i]!;
        titled &= term.titled[i]!;
      }
      if (!held) continue;
      const weighted = option.weight === 1 ? sum : option.weight * sum;
      if (weighted > best) best = weighted;
      inTitle |= titled;
    }
    total = t === 0 ? best : total + best;
    covered += inTitle & TITLED;
    led += inTitle >> 1;
  }
  return rankScore(total, plan.kindRegions[doc]!, covered, led, plan.factors);
}

/** Scratch of scoring every match, per listing position; stamps spare clearing between queries. */
export function createScratch(records: number) {
  return {
    stamp: 0,
    optionAt: new Int32Array(records),
    slotAt: new Int32Array(records),
    sums: new Float64Array(records),
    best: new Float64Array(records),
    totals: new Float64Array(records),
    held: new Uint8Array(records),
    optionTitled: new Uint8Array(records),
    slotTitled: new Uint8Array(records),
    covers: new Uint16Array(records),
    leads: new Uint16Array(records),
    out: new Float64Array(records),
  };
}
type Scratch = ReturnType<typeof createScratch>;

type Bits = Uint32Array | null;
const outside = (bits: Bits, doc: number) => bits !== null && (bits[doc >>> 5]! & (1 << (doc & 31))) === 0;

// The passes of scoreAll, each one small loop: one long function was recompiled on each new branch (13 ms instead of 2).

/** An option's first term: its matches start the option's sum. */
function startOption({ docs, scores, titled }: TermIndex, bits: Bits, mark: number, s: Scratch): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (outside(bits, doc)) continue;
    s.optionAt[doc] = mark;
    s.held[doc] = 1;
    s.sums[doc] = 0 + scores[i]!;
    s.optionTitled[doc] = titled[i]!;
  }
}

/** An option's k-th term: adds to the sums of the records holding its k first terms. */
function extendOption({ docs, scores, titled }: TermIndex, bits: Bits, mark: number, k: number, s: Scratch): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (outside(bits, doc) || s.optionAt[doc] !== mark || s.held[doc] !== k) continue;
    s.held[doc] = k + 1;
    s.sums[doc] = s.sums[doc]! + scores[i]!;
    s.optionTitled[doc] = s.optionTitled[doc]! & titled[i]!;
  }
}

/** An option done: the records holding all its `n` terms take its weighted sum as their slot's best, if better. */
function closeOption(
  { docs }: TermIndex,
  bits: Bits,
  mark: number,
  n: number,
  weight: number,
  slotMark: number,
  s: Scratch,
): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (outside(bits, doc) || s.optionAt[doc] !== mark || s.held[doc] !== n) continue;
    const weighted = weight === 1 ? s.sums[doc]! : weight * s.sums[doc]!;
    if (s.slotAt[doc] !== slotMark) {
      s.slotAt[doc] = slotMark;
      s.best[doc] = weighted;
      s.slotTitled[doc] = s.optionTitled[doc]!;
    } else {
      if (weighted > s.best[doc]!) s.best[doc] = weighted;
      s.slotTitled[doc] = s.slotTitled[doc]! | s.optionTitled[doc]!;
    }
  }
}

/** A slot of one option of one term, in one pass: every match holds the term, so its list is the slot's matches. */
function singleTermSlot(
  { docs, scores, titled }: TermIndex,
  bits: Bits,
  weight: number,
  first: boolean,
  s: Scratch,
): void {
  const { totals, covers, leads } = s;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (outside(bits, doc)) continue;
    const sum = 0 + scores[i]!;
    const best = weight === 1 ? sum : weight * sum;
    totals[doc] = first ? best : totals[doc]! + best;
    covers[doc] = first ? titled[i]! & TITLED : covers[doc]! + (titled[i]! & TITLED);
    leads[doc] = first ? titled[i]! >> 1 : leads[doc]! + (titled[i]! >> 1);
  }
}

/** A slot done: its best adds to each match's total, in slot order. */
function addSlot(at: Int32Array, first: boolean, s: Scratch): void {
  const { totals, best, covers, leads, slotTitled } = s;
  for (let i = 0; i < at.length; i++) {
    const doc = at[i]!;
    totals[doc] = first ? best[doc]! : totals[doc]! + best[doc]!;
    covers[doc] = first ? slotTitled[doc]! & TITLED : covers[doc]! + (slotTitled[doc]! & TITLED);
    leads[doc] = first ? slotTitled[doc]! >> 1 : leads[doc]! + (slotTitled[doc]! >> 1);
  }
}

/** Scores every match (`at`, ascending; `bits` null when every record of the lists matches) into s.out[0..at.length). */
export function scoreAll(plan: ScorePlan, bits: Bits, at: Int32Array, s: Scratch): Float64Array {
  if (s.stamp > 2 ** 30) (s.stamp = 0), s.optionAt.fill(0), s.slotAt.fill(0);
  for (let t = 0; t < plan.slots.length; t++) {
    const options = plan.slots[t]!;
    if (options.length === 1 && options[0]!.terms.length === 1) {
      singleTermSlot(options[0]!.terms[0]!, bits, options[0]!.weight, t === 0, s);
      continue;
    }
    const slotMark = ++s.stamp;
    for (const { weight, terms } of options) {
      const optionMark = ++s.stamp;
      startOption(terms[0]!, bits, optionMark, s);
      for (let k = 1; k < terms.length; k++) extendOption(terms[k]!, bits, optionMark, k, s);
      closeOption(terms.at(-1)!, bits, optionMark, terms.length, weight, slotMark, s);
    }
    addSlot(at, t === 0, s);
  }
  finish(at, plan.kindRegions, plan.factors, s);
  return s.out;
}

/** Every match's rankScore (score.ts) from its sum of slots and covered and led slots. */
function finish(at: Int32Array, kindRegions: Uint8Array, f: RankFactors, s: Scratch): void {
  const { out, totals, covers, leads } = s;
  for (let i = 0; i < at.length; i++) {
    const doc = at[i]!;
    out[i] = rankScore(totals[doc]!, kindRegions[doc]!, covers[doc]!, leads[doc]!, f);
  }
}
