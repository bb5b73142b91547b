/**
 * What top-k evaluation keeps of a term between queries (top-k.ts): its records as a sorted list and a bitset, its
 * score per record (the fields' BM25+ added in field order, as scorer.ts adds them), whether its title holds it, and
 * its records in impact order (score times kind prior, best first), split into led, titled-only and untitled ones so
 * that the title coverage and title lead bonuses bound each part tightly. Built once per term from its decoded postings, kept in a bounded LRU.
 */
import { LRUCache } from 'lru-cache';
import { kindPrior } from './rank-adjust.ts';
import { bm25Idf, postingScore, type Postings } from './scorer.ts';

/** One term's evaluation data over one index. */
export interface TermIndex {
  /** Listing positions holding the term, ascending. */
  docs: Int32Array;
  /** The term's score of docs[i] (fields added in field order, as scorer.ts). */
  scores: Float64Array;
  /** Flags of docs[i]: bit 0 (TITLED) when its title holds the term, bit 1 (LED) when its title's lead does too. */
  titled: Uint8Array;
  /** Bit p set when listing position p holds the term. */
  bits: Uint32Array;
  /** ranks[w]: set bits of bits[0..w) — the index in docs of a position is found in constant time (indexOf). */
  ranks: Int32Array;
  /** Indices into docs, led ones, then titled but not led ones, then untitled ones, each part by impact (score × kind prior) best first. */
  order: Int32Array;
  /** impact(order[i]) rounded up to a float32: what no later record of the same part exceeds. */
  impacts: Float32Array;
  /** Where the titled but not led part of order starts (the led part is order[0..led)). */
  led: number;
  /** Where the untitled part of order starts. */
  split: number;
  /** Records per listing byte (kind and regions): totals and facets of a one-term query without a pass. */
  histogram: Int32Array;
}

/** What a term's score needs of each field: boost, average length. */
export interface FieldWeights {
  boosts: readonly number[];
  averages: readonly number[];
  records: number;
  titleField: number;
  /** The lead field's id (-1: none): it scores nothing (boost 0), it only sets the LED flag. */
  leadField: number;
}

/** Flag of TermIndex.titled: the record's title holds the term. */
export const TITLED = 1;
/** Flag of TermIndex.titled: the record's title lead holds the term (rank-adjust.ts LEAD_BONUS); always with TITLED. */
export const LED = 2;

/** A float32 at or above x (as a float64): impacts need not be exact, only never below. */
function roundUp(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : Math.fround(x * (1 + 2 ** -22));
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Indices `at` sorted by impact best first (ties by index): one native sort of keys packing float32 bits and index. */
function byImpact(at: number[], impact: Float64Array, order: Int32Array, impacts: Float32Array, from: number): void {
  const span = 2 ** 21;
  if (impact.length < span) {
    const keys = new Float64Array(at.length);
    for (let i = 0; i < at.length; i++) {
      f32[0] = roundUp(impact[at[i]!]!);
      keys[i] = u32[0]! * span + (span - 1 - at[i]!);
    }
    keys.sort();
    for (let i = 0; i < at.length; i++) {
      const key = keys[at.length - 1 - i]!;
      const index = span - 1 - (key % span);
      order[from + i] = index;
      impacts[from + i] = roundUp(impact[index]!);
    }
    return;
  }
  at.sort((a, b) => impact[b]! - impact[a]! || a - b);
  at.forEach((index, i) => ((order[from + i] = index), (impacts[from + i] = roundUp(impact[index]!))));
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
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Index of listing position `doc` in the term's docs, or -1: a rank over its bitset (no search). */
export function indexOf({ bits, ranks }: Pick<TermIndex, 'bits' | 'ranks'>, doc: number): number {
  const word = bits[doc >>> 5]!;
  const bit = 1 << (doc & 31);
  return (word & bit) === 0 ? -1 : ranks[doc >>> 5]! + popcount(word & (bit - 1));
}

/** Builds a term's index from its postings per field id. */
export function buildTermIndex(fields: readonly (Postings | undefined)[], weights: FieldWeights, kindRegions: Uint8Array): TermIndex {
  const present = fields.map((p, field) => ({ p, field })).filter((x): x is { p: Postings; field: number } => x.p !== undefined);
  const bits = new Uint32Array(Math.ceil(weights.records / 32));
  for (const { p } of present) for (let i = 0; i < p.docs.length; i++) bits[p.docs[i]! >>> 5]! |= 1 << (p.docs[i]! & 31);
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
  const impact = new Float64Array(docs.length);
  const ledAt: number[] = [];
  const titledAt: number[] = [];
  const untitledAt: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    histogram[kindRegions[doc]!]! += 1;
    impact[i] = scores[i]! * kindPrior(kindRegions[doc]! & 0x0f);
    (titled[i]! & LED ? ledAt : titled[i]! & TITLED ? titledAt : untitledAt).push(i);
  }
  const ranks = new Int32Array(bits.length);
  for (let w = 1; w < bits.length; w++) ranks[w] = ranks[w - 1]! + popcount(bits[w - 1]!);
  const order = new Int32Array(docs.length);
  const impacts = new Float32Array(docs.length);
  byImpact(ledAt, impact, order, impacts, 0);
  byImpact(titledAt, impact, order, impacts, ledAt.length);
  byImpact(untitledAt, impact, order, impacts, ledAt.length + titledAt.length);
  return { docs, scores, titled, bits, ranks, order, impacts, led: ledAt.length, split: ledAt.length + titledAt.length, histogram };
}

/** Bytes a term index holds (its records, scores, flags, order and impacts, bitset and its ranks, histogram), for the cache's bound. */
export function termIndexBytes(index: TermIndex): number {
  return 21 * index.docs.length + 8 * index.bits.length + 4 * 256 + 256;
}

/** Bounds of the term index cache. */
export interface TermIndexBounds {
  entries: number;
  bytes: number;
}

/** Default: 2,000 terms in 64 MiB (at 50,000 records a term every record holds takes about 1.06 MB). */
export const TERM_INDEX_BOUNDS: TermIndexBounds = { entries: 2_000, bytes: 64 * 2 ** 20 };

/**
 * A bounded cache of term indices, one per decoded postings of a term. The postings are known by a number held
 * weakly, so that the cache never keeps alive postings the shard store has let go (their term is then rebuilt).
 */
export function createTermIndexCache(weights: FieldWeights, kindRegions: Uint8Array, bounds: TermIndexBounds = TERM_INDEX_BOUNDS) {
  const cache = new LRUCache<number, TermIndex>({
    max: Math.max(1, bounds.entries),
    maxSize: Math.max(1, bounds.bytes),
    sizeCalculation: (index) => Math.max(1, termIndexBytes(index)),
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
