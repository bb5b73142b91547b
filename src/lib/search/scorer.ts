/**
 * Query evaluation over the sharded index, with MiniSearch's own BM25+ arithmetic in the same order,
 * on typed arrays. MiniSearch's search allocates objects per matching document and costs 25–45 ms for
 * words that match most of 10,000 records; this costs about a millisecond. Documents are listing positions.
 */
import { querySearchOptions } from './search-options.ts';
import type { SearchManifest } from './shards.ts';

/** MiniSearch's default BM25+ parameters. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

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

/** One field's postings of a term: listing positions, term frequencies, and those documents' field lengths. */
export interface Postings {
  docs: Int32Array;
  freqs: Int32Array;
  lengths: Int32Array;
}

/** Ranked matches: listing positions, with their scores. */
export interface Scored {
  docs: Int32Array;
  scores: Float64Array;
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

/** Scores AND queries over postings the caller has loaded. */
export interface Scorer {
  /**
   * Documents holding every slot, with MiniSearch's score times `quality` (the query's term count). A document holds a
   * slot when it holds every term of one of its options; the slot scores the best option's sum of term scores times
   * its weight (a disjunction-max, so a word and its synonym do not add up). Slot scores add up in slot order, as
   * MiniSearch's AND adds term scores: a query of single-word slots without synonyms gets MiniSearch's own scores.
   */
  score(slots: readonly SlotPostings[], quality: number): Scored;
}

/** Builds a scorer from the manifest's global figures. */
export function createScorer(manifest: Pick<SearchManifest, 'records' | 'fields' | 'averageFieldLength'>): Scorer {
  // Unsearched fields (boost 0) are left out: MiniSearch does not score them either.
  const fields = fieldBoosts(manifest.fields).flatMap((boost, id) => (boost === 0 ? [] : [{ id, boost }]));
  const size = manifest.records;
  const documentCount = manifest.records;

  // Scratch buffers reused across queries: scoring is synchronous, so one query runs at a time. Stamps avoid
  // clearing: a buffer entry is valid only when its stamp holds the current mark.
  const total = new Float64Array(size);
  const matched = new Int32Array(size); // how many leading slots a document has matched
  const slotScore = new Float64Array(size);
  const slotStamp = new Int32Array(size);
  const optionScore = new Float64Array(size);
  const optionCount = new Int32Array(size); // how many leading terms of the current option a document holds
  const optionStamp = new Int32Array(size);
  const termScore = new Float64Array(size);
  const termStamp = new Int32Array(size);
  let mark = 0;

  /** One term's score (fields added in field order, as in MiniSearch's termResults) for the documents `accept` lets through. */
  function termPass(postings: (Postings | undefined)[], accept: (doc: number) => boolean, termMark: number, touched: number[]): void {
    for (const { id, boost } of fields) {
      const list = postings[id];
      if (!list) continue;
      const matching = list.docs.length;
      const average = manifest.averageFieldLength[id]!;
      const idf = bm25Idf(documentCount, matching);
      for (let i = 0; i < matching; i++) {
        const doc = list.docs[i]!;
        if (termStamp[doc] !== termMark && !accept(doc)) continue;
        const weighted = postingScore(list, i, idf, boost, average);
        if (termStamp[doc] !== termMark) {
          termStamp[doc] = termMark;
          termScore[doc] = weighted;
          touched.push(doc);
        } else termScore[doc] = termScore[doc]! + weighted;
      }
    }
  }

  return {
    score(slots, quality) {
      const holds = (option: OptionPostings) => option.lists.length > 0 && option.lists.every((l) => l !== undefined);
      if (slots.length === 0 || !slots.every((slot) => slot.options.some(holds))) return { docs: new Int32Array(0), scores: new Float64Array(0) };
      matched.fill(0);
      if (mark > 1e9) {
        mark = 0;
        for (const stamps of [slotStamp, optionStamp, termStamp]) stamps.fill(0);
      }
      let candidates: number[] = [];
      for (let t = 0; t < slots.length; t++) {
        const slotMark = (mark += 1);
        const inSlot: number[] = [];
        for (const option of slots[t]!.options) {
          if (!holds(option)) continue;
          const optionMark = (mark += 1);
          let reached: number[] = [];
          option.lists.forEach((postings, j) => {
            const termMark = (mark += 1);
            const touched: number[] = [];
            // AND: earlier slots, then earlier terms of this option.
            const accept = j === 0 ? (doc: number) => matched[doc] === t : (doc: number) => optionStamp[doc] === optionMark && optionCount[doc] === j;
            termPass(postings!, accept, termMark, touched);
            for (const doc of touched) {
              optionScore[doc] = j === 0 ? termScore[doc]! : optionScore[doc]! + termScore[doc]!;
              optionStamp[doc] = optionMark;
              optionCount[doc] = j + 1;
            }
            reached = touched;
          });
          for (const doc of reached) {
            const weighted = option.weight === 1 ? optionScore[doc]! : option.weight * optionScore[doc]!;
            if (slotStamp[doc] !== slotMark) {
              slotStamp[doc] = slotMark;
              slotScore[doc] = weighted;
              inSlot.push(doc);
            } else if (weighted > slotScore[doc]!) slotScore[doc] = weighted;
          }
        }
        // Across slots, scores add up in query order, as in MiniSearch's AND combinator.
        for (const doc of inSlot) {
          total[doc] = t === 0 ? slotScore[doc]! : total[doc]! + slotScore[doc]!;
          matched[doc] = t + 1;
        }
        candidates = inSlot;
      }
      const docs = Int32Array.from(candidates);
      return { docs, scores: Float64Array.from(candidates, (doc) => total[doc]! * quality) };
    },
  };
}
