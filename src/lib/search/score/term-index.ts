/**
 * What top-k evaluation keeps of a term between queries: its records as a sorted list and a bitset, its score per
 * record, its title flags, and its records in impact order (filled on first need), in a bounded LRU.
 */
import { LRUCache } from 'lru-cache';
import type { CacheBounds } from '../../bounded-cache.ts';
import { bm25Idf, kindPrior, postingScore, type Postings } from './score.ts';

/** One term's evaluation data over one index. */
export interface TermIndex {
  /** Listing positions holding the term, ascending. */
  docs: Int32Array;
  /** The term's score of docs[i] (fields added in field order). */
  scores: Float64Array;
  /** Flags of docs[i]: TITLED when its title holds the term, LED when its title's lead does too. */
  titled: Uint8Array;
  /** Bit p set when listing position p holds the term. */
  bits: Uint32Array;
  /** ranks[w]: set bits of bits[0..w), so indexOf takes constant time. */
  ranks: Int32Array;
  /** False until orderByImpact filled order, impacts, led and split. */
  ordered: boolean;
  /** Indices into docs: led, then titled only, then untitled, each part by impact (score × kind prior) best first. */
  order: Int32Array;
  /** impact(order[i]) rounded up to a float32. */
  impacts: Float32Array;
  /** Where the titled-only part of order starts. */
  led: number;
  /** Where the untitled part of order starts. */
  split: number;
  /** Records per listing byte: totals and facets of a one-term query without a pass. */
  histogram: Int32Array;
}

/** What a term's score needs of the fields. */
export interface FieldWeights {
  boosts: readonly number[];
  averages: readonly number[];
  records: number;
  titleField: number;
  /** The lead field's id (-1: none): it only sets the LED flag. */
  leadField: number;
}

/** Flag of TermIndex.titled: the record's title holds the term. */
export const TITLED = 1;
/** Flag of TermIndex.titled: the record's title lead holds the term; always with TITLED. */
export const LED = 2;

/** A float32 at or above x (as a float64): impacts need not be exact, only never below. */
function roundUp(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : Math.fround(x * (1 + 2 ** -22));
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const counts = new Int32Array(256);

/**
 * Writes the records `at[0..n)` into order[from..], impact best first, ties by index: a stable radix sort of the
 * impacts' float32 bits (non-negative floats order as their bits do), linear where a comparison sort cost most.
 */
function byImpact(
  at: Int32Array,
  n: number,
  impact: Float64Array,
  order: Int32Array,
  impacts: Float32Array,
  from: number,
): void {
  let keys: Uint32Array = new Uint32Array(n);
  let index: Int32Array = at.subarray(0, n);
  for (let i = 0; i < n; i++) {
    f32[0] = roundUp(impact[index[i]!]!);
    keys[i] = u32[0]!;
  }
  let nextKeys: Uint32Array = new Uint32Array(n);
  let nextIndex: Int32Array = new Int32Array(n);
  for (let shift = 0; shift < 32 && n > 1; shift += 8) {
    counts.fill(0);
    // Descending: the digit is complemented, so the largest byte comes first.
    for (let i = 0; i < n; i++) counts[255 - ((keys[i]! >>> shift) & 255)]! += 1;
    if (counts[255 - ((keys[0]! >>> shift) & 255)] === n) continue;
    for (let d = 0, sum = 0; d < 256; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const slot = counts[255 - ((keys[i]! >>> shift) & 255)]!++;
      nextKeys[slot] = keys[i]!;
      nextIndex[slot] = index[i]!;
    }
    [keys, nextKeys] = [nextKeys, keys];
    [index, nextIndex] = [nextIndex, index];
  }
  for (let i = 0; i < n; i++) {
    order[from + i] = index[i]!;
    u32[0] = keys[i]!;
    impacts[from + i] = f32[0]!;
  }
}

/** The set bits of a bitset, ascending. */
export function positionsOf(bits: Uint32Array): Int32Array {
  let n = 0;
  for (let w = 0; w < bits.length; w++) n += popcount(bits[w]!);
  const out = new Int32Array(n);
  for (let w = 0, at = 0; w < bits.length; w++) {
    for (let word = bits[w]!; word !== 0; word &= word - 1) out[at++] = (w << 5) + 31 - Math.clz32(word & -word);
  }
  return out;
}

/** Set bits of a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of listing position `doc` in the term's docs, or -1: a rank over its bitset (no search). */
export function indexOf({ bits, ranks }: Pick<TermIndex, 'bits' | 'ranks'>, doc: number): number {
  const word = bits[doc >>> 5]!;
  const bit = 1 << (doc & 31);
  return (word & bit) === 0 ? -1 : ranks[doc >>> 5]! + popcount(word & (bit - 1));
}

/** Builds a term's index from its postings per field id. */
export function buildTermIndex(
  fields: readonly (Postings | undefined)[],
  weights: FieldWeights,
  kindRegions: Uint8Array,
): TermIndex {
  const present = fields
    .map((p, field) => ({ p, field }))
    .filter((x): x is { p: Postings; field: number } => x.p !== undefined);
  const bits = new Uint32Array(Math.ceil(weights.records / 32));
  for (const { p } of present)
    for (let i = 0; i < p.docs.length; i++) bits[p.docs[i]! >>> 5]! |= 1 << (p.docs[i]! & 31);
  const docs = present.length === 1 ? present[0]!.p.docs : positionsOf(bits);
  const scores = new Float64Array(docs.length);
  const seen = new Uint8Array(docs.length);
  const titled = new Uint8Array(docs.length);
  for (const { p, field } of present) {
    const matching = p.docs.length;
    const idf = bm25Idf(weights.records, matching);
    for (let i = 0, j = 0; i < matching; i++) {
      while (docs[j]! < p.docs[i]!) j++;
      if (field === weights.leadField) {
        titled[j] = titled[j]! | LED;
        continue;
      }
      const s = postingScore(p, i, idf, weights.boosts[field]!, weights.averages[field]!);
      scores[j] = seen[j] ? scores[j]! + s : s;
      seen[j] = 1;
      if (field === weights.titleField) titled[j] = titled[j]! | TITLED;
    }
  }
  const histogram = new Int32Array(256);
  for (let i = 0; i < docs.length; i++) histogram[kindRegions[docs[i]!]!]! += 1;
  const ranks = new Int32Array(bits.length);
  for (let w = 1; w < bits.length; w++) ranks[w] = ranks[w - 1]! + popcount(bits[w - 1]!);
  return {
    docs,
    scores,
    titled,
    bits,
    ranks,
    ordered: false,
    order: new Int32Array(0),
    impacts: new Float32Array(0),
    led: 0,
    split: 0,
    histogram,
  };
}

/** Fills a term's impact order on first need: a query scored in one pass never pays for it. */
export function orderByImpact(term: TermIndex, kindRegions: Uint8Array): void {
  if (term.ordered) return;
  const { docs, scores, titled } = term;
  const n = docs.length;
  const impact = new Float64Array(n);
  const parts = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  const sizes = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    impact[i] = scores[i]! * kindPrior(kindRegions[docs[i]!]! & 0x0f);
    const part = titled[i]! & LED ? 0 : titled[i]! & TITLED ? 1 : 2;
    parts[part]![sizes[part]!++] = i;
  }
  term.order = new Int32Array(n);
  term.impacts = new Float32Array(n);
  for (let p = 0, from = 0; p < 3; from += sizes[p++]!)
    byImpact(parts[p]!, sizes[p]!, impact, term.order, term.impacts, from);
  term.led = sizes[0]!;
  term.split = sizes[0]! + sizes[1]!;
  term.ordered = true;
}

/** Bounds of the term index cache. */
export type TermIndexBounds = CacheBounds;

/** Default: 2,000 terms in 64 MiB (at 50,000 records a term every record holds takes about 1.06 MB). */
export const TERM_INDEX_BOUNDS: TermIndexBounds = { entries: 2_000, bytes: 64 * 2 ** 20 };

/** A bounded cache of term indices; postings are keyed by a number held weakly, never kept alive by the cache. */
export function createTermIndexCache(
  weights: FieldWeights,
  kindRegions: Uint8Array,
  bounds: TermIndexBounds = TERM_INDEX_BOUNDS,
) {
  const cache = new LRUCache<number, TermIndex>({
    max: Math.max(1, bounds.entries),
    maxSize: Math.max(1, bounds.bytes),
    // Bytes a term index holds, its order counted before it is filled, so that filling it never exceeds the bound.
    sizeCalculation: (index) => Math.max(1, 21 * index.docs.length + 8 * index.bits.length + 4 * 256 + 256),
  });
  const ids = new WeakMap<readonly (Postings | undefined)[], number>();
  let next = 0;
  return {
    /** The index of a term's postings, built on first need. */
    get(fields: readonly (Postings | undefined)[]): TermIndex {
      let id = ids.get(fields);
      if (id === undefined) ids.set(fields, (id = next++));
      let index = cache.get(id);
      if (!index) cache.set(id, (index = buildTermIndex(fields, weights, kindRegions)));
      return index;
    },
    usage: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}
