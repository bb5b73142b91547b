/**
 * Query evaluation over the sharded index, with MiniSearch's own BM25+ arithmetic in the same order,
 * on typed arrays. MiniSearch's search allocates objects per matching document and costs 25–45 ms for
 * words that match most of 10,000 records; this costs about a millisecond. Documents are listing positions.
 */
import { querySearchOptions } from './search-options.ts';
import type { SearchManifest } from './shards.ts';

/** MiniSearch's default BM25+ parameters. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

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

/** Another index term that may stand for a query term (equivalents.ts), and the share of its score it gets. */
export interface Alternative {
  /** Its postings per field id, or undefined when no document holds it. */
  postings: (Postings | undefined)[] | undefined;
  weight: number;
}

/** Scores AND queries over postings the caller has loaded. */
export interface Scorer {
  /**
   * Documents holding every term (already processed), with MiniSearch's score (times the term count).
   * `lists[i]` holds the postings of `terms[i]`. `alternatives[i]`, when given, lists terms that may stand for
   * `terms[i]`: a document holding one of them holds the term, and gets the best of the term's own score and
   * each alternative's score times its weight (a disjunction-max, so a word and its translation do not add up).
   */
  score(terms: readonly string[], lists: readonly ((Postings | undefined)[] | undefined)[], alternatives?: readonly (readonly Alternative[])[]): Scored;
}

/** Builds a scorer from the manifest's global figures. */
export function createScorer(manifest: Pick<SearchManifest, 'records' | 'fields' | 'averageFieldLength'>): Scorer {
  const boosts = querySearchOptions.boost as Record<string, number>;
  const fields = manifest.fields.map((name, id) => ({ id, boost: boosts[name] ?? 1 }));
  const size = manifest.records;
  const documentCount = manifest.records;

  // Scratch buffers reused across queries: scoring is synchronous, so one query runs at a time.
  const total = new Float64Array(size);
  const termScore = new Float64Array(size);
  const matched = new Int32Array(size); // how many leading terms a document has matched
  const stamp = new Int32Array(size); // term number + 1 whose score termScore holds
  const altScore = new Float64Array(size);
  const altStamp = new Int32Array(size); // alternative number + 1 whose score altScore holds

  /** Adds one term's field contributions (in field order, as in MiniSearch's termResults) for documents that matched `t` earlier terms. */
  function accumulate(postings: (Postings | undefined)[], t: number, into: Float64Array, stamps: Int32Array, mark: number, touched: number[]): void {
    for (const { id, boost } of fields) {
      const list = postings[id];
      if (!list) continue;
      const matching = list.docs.length;
      const average = manifest.averageFieldLength[id]!;
      const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      for (let i = 0; i < matching; i++) {
        const doc = list.docs[i]!;
        if (matched[doc] !== t) continue; // AND: the document must hold every earlier term
        const freq = list.freqs[i]!;
        const length = list.lengths[i]!;
        const raw = idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
        const weighted = 1 * 1 * boost * 1 * raw;
        if (stamps[doc] !== mark) {
          stamps[doc] = mark;
          into[doc] = weighted;
          touched.push(doc);
        } else into[doc] = into[doc]! + weighted;
      }
    }
  }

  return {
    score(terms, lists, alternatives) {
      const present = (t: number) => lists[t] !== undefined || (alternatives?.[t] ?? []).some((a) => a.postings !== undefined);
      if (terms.length === 0 || !terms.every((_, t) => present(t))) return { docs: new Int32Array(0), scores: new Float64Array(0) };
      matched.fill(0);
      stamp.fill(0);
      if (alternatives) altStamp.fill(0);
      let candidates: number[] = [];
      let altMark = 0;
      for (let t = 0; t < terms.length; t++) {
        const touched: number[] = [];
        if (lists[t]) accumulate(lists[t]!, t, termScore, stamp, t + 1, touched);
        for (const { postings, weight } of alternatives?.[t] ?? []) {
          if (!postings) continue;
          const reached: number[] = [];
          accumulate(postings, t, altScore, altStamp, (altMark += 1), reached);
          for (const doc of reached) {
            const weighted = weight * altScore[doc]!;
            if (stamp[doc] !== t + 1) {
              stamp[doc] = t + 1;
              termScore[doc] = weighted;
              touched.push(doc);
            } else if (weighted > termScore[doc]!) termScore[doc] = weighted;
          }
        }
        // Across terms, scores add up in query order, as in MiniSearch's AND combinator.
        for (const doc of touched) {
          total[doc] = t === 0 ? termScore[doc]! : total[doc]! + termScore[doc]!;
          matched[doc] = t + 1;
        }
        candidates = touched;
      }
      const quality = terms.length;
      const docs = Int32Array.from(candidates);
      return { docs, scores: Float64Array.from(candidates, (doc) => total[doc]! * quality) };
    },
  };
}
