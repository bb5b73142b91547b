/**
 * Top-k evaluation: the matches of a query (the records holding every slot) come from set intersections, and only
 * the records that can enter the requested page are scored. Listing positions are cut into ranges of RANGE_SIZE; each
 * posting list knows the best score a record of each range can get from it (range-max bounds, the block-max idea of
 * Lucene, Tantivy and PISA, with blocks aligned on positions so that every list of a query shares them). Ranges are
 * visited best bound first, and the walk stops when no record left can beat the page's worst: the order, totals and
 * facets are exactly those of scoring every match (scorer.ts, rank-adjust.ts), ties broken by listing position (id).
 */
import { kindPrior, LEAD_BONUS, regionPrior, TITLE_COVERAGE_BONUS } from './rank-adjust.ts';
import { BM25, fieldBoosts, type Postings, type SlotPostings } from './scorer.ts';
import type { SearchManifest } from './shards.ts';

/** Listing positions a range holds (a power of two): 256, so 50,000 records make 196 ranges. */
export const RANGE_SIZE = 64;

/** One field's list of one term, with what its scores need. */
interface FieldList {
  postings: Postings;
  field: number;
  boost: number;
  idf: number;
  average: number;
}

/** A term: its field lists in field order, and the store's postings they come from (a stable key for caches). */
type TermLists = FieldList[] & { source?: readonly (Postings | undefined)[] };

/** The matches of a query, ready for pages of any filter and size. */
export interface Evaluation {
  /** Listing positions holding every slot, ascending. */
  positions: Int32Array;
  /** The `count` best positions kept by `keep`, best first (ties by position), and their scores. */
  top(keep: ((position: number) => boolean) | null, count: number): { top: number[]; scores: number[] };
  /** How many positions `keep` keeps (memoised by filterKey). */
  total(keep: ((position: number) => boolean) | null, filterKey: string): number;
  /** Records fully scored so far, over every page asked of this evaluation. */
  readonly scored: number;
  /** Bytes held besides the positions (the memoised full ranking, when a deep page needed it). */
  readonly extraBytes: number;
}

/** Index of `doc` in sorted `docs`, or -1 (binary search). */
function find(docs: Int32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = docs[mid]!;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of the first element of sorted `docs` at or above `doc`. */
function lowerBound(docs: Int32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted, deduplicated union of sorted arrays. */
function union(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0]!;
  const all = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.subarray(0, n);
}

/** Sorted intersection of two sorted arrays. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** A float32 at or above x: range bounds take a third of the postings' memory at most, and stay safe. */
function roundUp(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : Math.fround(x * (1 + 2 ** -22));
}

/** Everything the evaluator needs of the index. */
export interface TopKContext {
  manifest: Pick<SearchManifest, 'records' | 'fields' | 'averageFieldLength'>;
  /** Kind number per listing position. */
  kinds: Uint8Array;
  /** Region bits per listing position (listing.ts), for the region prior; none given: every prior is 1. */
  regions?: Uint8Array;
  /** The title field's id. */
  titleField: number;
  /** The lead field's id (-1 when the index has none): it scores nothing, its postings give the title-lead factor. */
  leadField?: number;
  /** Listing positions a range holds, a power of two (RANGE_SIZE; tests use small ones to cut small corpora into many ranges). */
  rangeSize?: number;
}

/** Builds evaluations over one index. */
export function createTopK({ manifest, kinds, regions, titleField, leadField = -1, rangeSize = RANGE_SIZE }: TopKContext) {
  const RANGE_SHIFT = Math.log2(rangeSize);
  if (!Number.isInteger(RANGE_SHIFT)) throw new Error(`rangeSize must be a power of two, got ${rangeSize}`);
  const boosts = fieldBoosts(manifest.fields);
  const ranges = Math.max(1, Math.ceil(manifest.records / rangeSize));
  // Per list, computed once and kept while the list is: its best score per range (lists of at least `ranges`
  // postings), else its best score overall; a term's documents over its fields.
  const rangeMaxOf = new WeakMap<Postings, Float32Array | number>();
  const termDocsOf = new WeakMap<readonly (Postings | undefined)[], Int32Array>();

  /** BM25+ of one posting, with the same operations in the same order as scorer.ts. */
  const posting = (list: FieldList, i: number) => {
    const freq = list.postings.freqs[i]!;
    const length = list.postings.lengths[i]!;
    const raw = list.idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / list.average)));
    return 1 * 1 * list.boost * 1 * raw;
  };

  /** Whether the sorted listing positions `docs` hold one in range r. */
  function inRange(docs: Int32Array, r: number): boolean {
    const at = lowerBound(docs, r << RANGE_SHIFT);
    return at < docs.length && docs[at]! >> RANGE_SHIFT === r;
  }

  /** The best score a record of range r can get from the list (0 when the list has none there). */
  function bound(list: FieldList, r: number): number {
    let max = rangeMaxOf.get(list.postings);
    const docs = list.postings.docs;
    if (max === undefined) {
      if (docs.length >= ranges) {
        const exact = new Float64Array(ranges);
        for (let i = 0; i < docs.length; i++) {
          const s = posting(list, i);
          if (s > exact[docs[i]! >> RANGE_SHIFT]!) exact[docs[i]! >> RANGE_SHIFT] = s;
        }
        max = Float32Array.from(exact, roundUp);
      } else {
        let best = 0;
        for (let i = 0; i < docs.length; i++) best = Math.max(best, posting(list, i));
        max = best;
      }
      rangeMaxOf.set(list.postings, max);
    }
    if (typeof max !== 'number') return max[r]!;
    const at = lowerBound(docs, r << RANGE_SHIFT);
    return at < docs.length && docs[at]! >> RANGE_SHIFT === r ? max : 0;
  }

  function termLists(fields: readonly (Postings | undefined)[]): TermLists {
    const lists: TermLists = Object.assign([], { source: fields });
    fields.forEach((postings, field) => {
      if (!postings) return;
      const matching = postings.docs.length;
      const idf = Math.log(1 + (manifest.records - matching + 0.5) / (matching + 0.5));
      lists.push({ postings, field, boost: boosts[field]!, idf, average: manifest.averageFieldLength[field]! });
    });
    return lists;
  }

  function termDocs(term: TermLists): Int32Array {
    let docs = termDocsOf.get(term.source!);
    if (!docs) termDocsOf.set(term.source!, (docs = union(term.map((l) => l.postings.docs))));
    return docs;
  }

  /**
   * Evaluates AND slots as scorer.ts scores them, times `quality`, then the kind prior, the title coverage, the title
   * lead and the prior of the regions `named` by the query (rank-adjust.ts).
   */
  function evaluate(slots: readonly SlotPostings[], quality: number, named = 0): Evaluation {
    // The options whose every term some record holds; a slot without one matches nothing.
    const held = slots.map((slot) =>
      slot.options.filter((o) => o.lists.length > 0 && o.lists.every((l) => l !== undefined)).map((o) => ({ weight: o.weight, terms: o.lists.map((l) => termLists(l!)) })),
    );
    const empty = slots.length === 0 || held.some((options) => options.length === 0);
    const sizes = held.map((options) => options.reduce((n, o) => n + o.terms.reduce((m, t) => m + t.reduce((k, l) => k + l.postings.docs.length, 0), 0), 0));
    const slotDocs = (t: number) => union(held[t]!.map((o) => o.terms.map(termDocs).reduce(intersect)));
    const holds = (t: number, doc: number) => held[t]!.some((o) => o.terms.every((term) => term.some((l) => find(l.postings.docs, doc) >= 0)));
    let positions: Int32Array = new Int32Array(0);
    if (!empty) {
      // Smallest slot first; each further slot filters the candidates, by look-ups while they are few, else by merging.
      const order = held.map((_, t) => t).sort((a, b) => sizes[a]! - sizes[b]! || a - b);
      positions = slotDocs(order[0]!);
      for (const t of order.slice(1)) {
        if (positions.length === 0) break;
        const lists = held[t]!.reduce((n, o) => n + o.terms.reduce((m, term) => m + term.length, 0), 0);
        positions = positions.length * lists * 16 < sizes[t]! ? positions.filter((doc) => holds(t, doc)) : intersect(positions, slotDocs(t));
      }
    }

    // The lists flattened, each with a cursor: records are scored in ascending runs (a range, or every match), so
    // each list is walked forward once per run instead of searched per record.
    const lists = held.flatMap((options) => options.flatMap((o) => o.terms.flat()));
    const listIndex = new Map(lists.map((l, i) => [l, i]));
    const plan = held.map((options) => options.map((o) => ({ weight: o.weight, terms: o.terms.map((term) => Int32Array.from(term, (l) => listIndex.get(l)!)) })));
    const cursors = new Int32Array(lists.length);
    const titleList = Uint8Array.from(lists, (l) => (l.field === titleField ? 1 : l.field === leadField ? 2 : 0));

    /**
     * The exact scores of the ascending records docs[from..to) into out[from..to): scorer.ts's sums in its order,
     * then rank-adjust.ts's factors (kind prior, title coverage, title lead). A lead posting scores 0 (boost 0) and
     * comes last in field order, after the title posting every lead word has, so the sums do not change.
     */
    function scoreRun(docs: Int32Array, from: number, to: number, out: Float64Array): void {
      if (from >= to) return;
      for (let l = 0; l < lists.length; l++) cursors[l] = lowerBound(lists[l]!.postings.docs, docs[from]!);
      for (let i = from; i < to; i++) {
        const doc = docs[i]!;
        let total = 0;
        let covered = 0;
        let led = 0;
        for (let t = 0; t < plan.length; t++) {
          let best = -Infinity;
          let inTitle = false;
          let inLead = false;
          for (const option of plan[t]!) {
            let sum = 0;
            let titled = true;
            let leading = true;
            let all = true;
            for (const term of option.terms) {
              let termScore = 0;
              let found = false;
              let title = false;
              let lead = false;
              for (let k = 0; k < term.length; k++) {
                const l = term[k]!;
                const list = lists[l]!;
                const ids = list.postings.docs;
                let c = cursors[l]!;
                while (c < ids.length && ids[c]! < doc) c++;
                cursors[l] = c;
                if (c >= ids.length || ids[c] !== doc) continue;
                termScore = found ? termScore + posting(list, c) : posting(list, c);
                found = true;
                if (titleList[l] === 1) title = true;
                else if (titleList[l] === 2) lead = true;
              }
              if (!found) {
                all = false;
                break;
              }
              sum += termScore;
              titled &&= title;
              leading &&= lead;
            }
            if (!all) continue;
            const weighted = option.weight === 1 ? sum : option.weight * sum;
            if (weighted > best) best = weighted;
            if (titled) inTitle = true;
            if (leading) inLead = true;
          }
          total = t === 0 ? best : total + best;
          if (inTitle) covered += 1;
          if (inLead) led += 1;
        }
        const share = covered / plan.length;
        const lead = led / plan.length;
        const region = named === 0 || !regions ? 1 : regionPrior(regions[doc]!, named);
        out[i] = total * quality * kindPrior(kinds[doc]!) * (1 + TITLE_COVERAGE_BONUS * share * share) * (1 + LEAD_BONUS * lead * lead) * region;
      }
    }

    /**
     * At least the score of any record of range r: the same sums of each list's range bound instead of its posting
     * (sums and products of larger non-negative numbers round to larger or equal ones), the kind and region priors (at
     * most 1) taken as 1 and
     * the title coverage (and the title lead) as every slot whose option's terms all have a title (lead) posting in
     * the range.
     */
    function upper(r: number): number {
      let total = 0;
      let covered = 0;
      let led = 0;
      for (let t = 0; t < held.length; t++) {
        let best = 0;
        let inTitle = false;
        let inLead = false;
        for (const option of held[t]!) {
          let sum = 0;
          let titled = true;
          let leading = true;
          for (const term of option.terms) {
            let termBound = 0;
            let title = false;
            let lead = false;
            for (const list of term) {
              const b = bound(list, r);
              termBound += b;
              if (list.field === titleField && b > 0) title = true;
              // A lead posting scores 0: whether the range holds one is read from its documents.
              else if (list.field === leadField && inRange(list.postings.docs, r)) lead = true;
            }
            sum += termBound;
            titled &&= title;
            leading &&= lead;
          }
          const weighted = option.weight === 1 ? sum : option.weight * sum;
          if (weighted > best) best = weighted;
          if (titled) inTitle = true;
          if (leading) inLead = true;
        }
        total += best;
        if (inTitle) covered += 1;
        if (inLead) led += 1;
      }
      const share = covered / held.length;
      const lead = led / held.length;
      return total * quality * (1 + TITLE_COVERAGE_BONUS * share * share) * (1 + LEAD_BONUS * lead * lead);
    }

    let scored = 0;
    let full: { order: Int32Array; scores: Float64Array } | undefined;
    const totals = new Map<string, number>();
    const better = (s: number, p: number, t: number, q: number) => s > t || (s === t && p < q);

    /** Every match scored and ranked once, for deep pages: later pages and filters are scans of it. */
    function ranking() {
      if (!full) {
        const scores = new Float64Array(positions.length);
        scoreRun(positions, 0, positions.length, scores);
        scored += positions.length;
        const order = Int32Array.from(positions.keys()).sort((a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!);
        full = { order: Int32Array.from(order, (i) => positions[i]!), scores: Float64Array.from(order, (i) => scores[i]!) };
      }
      return full;
    }

    return {
      positions,
      get scored() {
        return scored;
      },
      get extraBytes() {
        return full ? 12 * full.order.length : 0;
      },
      total(keep, filterKey) {
        if (!keep) return positions.length;
        let n = totals.get(filterKey);
        if (n === undefined) {
          n = 0;
          for (let i = 0; i < positions.length; i++) if (keep(positions[i]!)) n += 1;
          totals.set(filterKey, n);
        }
        return n;
      },
      top(keep, count) {
        if (count === 0 || positions.length === 0) return { top: [], scores: [] };
        const kept = keep ? positions.filter(keep) : positions;
        // A page reaching past half the matches: rank them all once (then every page and filter is a scan).
        if (full || count * 2 >= kept.length) {
          const { order, scores } = ranking();
          const top: number[] = [];
          const values: number[] = [];
          for (let i = 0; i < order.length && top.length < count; i++) {
            if (keep && !keep(order[i]!)) continue;
            top.push(order[i]!);
            values.push(scores[i]!);
          }
          return { top, scores: values };
        }
        // The ranges holding kept matches, best bound first.
        const starts: number[] = [];
        for (let i = 0; i < kept.length; i++) if (i === 0 || kept[i]! >> RANGE_SHIFT !== kept[i - 1]! >> RANGE_SHIFT) starts.push(i);
        const bounds = starts.map((i) => upper(kept[i]! >> RANGE_SHIFT));
        const visit = starts.map((_, g) => g).sort((a, b) => bounds[b]! - bounds[a]! || a - b);
        const run = new Float64Array(kept.length);
        // A heap of the best `count` so far, its worst at the root.
        const hs = new Float64Array(count);
        const hp = new Int32Array(count);
        let size = 0;
        const worse = (i: number, j: number) => better(hs[j]!, hp[j]!, hs[i]!, hp[i]!);
        const swap = (i: number, j: number) => {
          [hs[i], hs[j]] = [hs[j]!, hs[i]!];
          [hp[i], hp[j]] = [hp[j]!, hp[i]!];
        };
        for (const g of visit) {
          const ceiling = bounds[g]!;
          // No record of this range, nor of any later one, can score above the page's worst.
          if (size === count && ceiling < hs[0]!) break;
          const end = g + 1 < starts.length ? starts[g + 1]! : kept.length;
          scoreRun(kept, starts[g]!, end, run);
          scored += end - starts[g]!;
          for (let i = starts[g]!; i < end; i++) {
            const doc = kept[i]!;
            const s = run[i]!;
            if (size < count) {
              hs[size] = s;
              hp[size] = doc;
              for (let c = size++; c > 0 && worse(c, (c - 1) >> 1); c = (c - 1) >> 1) swap(c, (c - 1) >> 1);
            } else if (better(s, doc, hs[0]!, hp[0]!)) {
              hs[0] = s;
              hp[0] = doc;
              for (let c = 0; ; ) {
                const l = 2 * c + 1;
                const r = l + 1;
                let m = c;
                if (l < size && worse(l, m)) m = l;
                if (r < size && worse(r, m)) m = r;
                if (m === c) break;
                swap(c, m);
                c = m;
              }
            }
          }
        }
        const picked = Array.from({ length: size }, (_, i) => i).sort((a, b) => hs[b]! - hs[a]! || hp[a]! - hp[b]!);
        return { top: picked.map((i) => hp[i]!), scores: picked.map((i) => hs[i]!) };
      },
    };
  }
  return { evaluate };
}
