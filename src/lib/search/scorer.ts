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

/** Scores AND queries over postings the caller has loaded. */
export interface Scorer {
  /**
   * Documents holding every term (already processed), with MiniSearch's score (times the term count).
   * `lists[i]` holds the postings of `terms[i]` per field id, or undefined when no document holds it.
   */
  score(terms: readonly string[], lists: readonly ((Postings | undefined)[] | undefined)[]): Scored;
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

  return {
    score(terms, lists) {
      if (terms.length === 0 || lists.some((l) => l === undefined)) return { docs: new Int32Array(0), scores: new Float64Array(0) };
      matched.fill(0);
      stamp.fill(0);
      let candidates: number[] = [];
      for (let t = 0; t < terms.length; t++) {
        const touched: number[] = [];
        // Per term, field contributions add up in field order, as in MiniSearch's termResults.
        for (const { id, boost } of fields) {
          const list = lists[t]![id];
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
            if (stamp[doc] !== t + 1) {
              stamp[doc] = t + 1;
              termScore[doc] = weighted;
              touched.push(doc);
            } else termScore[doc] = termScore[doc]! + weighted;
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
