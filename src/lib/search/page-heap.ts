/** The best `count` records offered so far (higher score, then lower listing position), in a heap of typed arrays. */

/** A bounded heap of the page being filled. */
export interface PageHeap {
  /** Keeps (score, position) when it belongs among the best `count` offered so far. */
  offer(score: number, position: number): void;
  /** Whether `count` records are held. */
  readonly full: boolean;
  /** The score of the worst record held (meaningful once full). */
  readonly worst: number;
  /** The records held, best first, and their scores. */
  result(): { top: number[]; scores: number[] };
}

/** A heap for a page of `count` records; its worst record sits at the root. */
export function createPageHeap(count: number): PageHeap {
  const scores = new Float64Array(count);
  const positions = new Int32Array(count);
  let size = 0;
  // i is worse than j: lower score, or the same score and a higher position.
  const worse = (i: number, j: number) => scores[i]! < scores[j]! || (scores[i] === scores[j] && positions[i]! > positions[j]!);
  const swap = (i: number, j: number) => {
    const s = scores[i]!;
    scores[i] = scores[j]!;
    scores[j] = s;
    const p = positions[i]!;
    positions[i] = positions[j]!;
    positions[j] = p;
  };
  return {
    offer(score, position) {
      if (size < count) {
        scores[size] = score;
        positions[size] = position;
        for (let c = size++; c > 0 && worse(c, (c - 1) >> 1); c = (c - 1) >> 1) swap(c, (c - 1) >> 1);
        return;
      }
      if (count === 0 || score < scores[0]! || (score === scores[0] && position > positions[0]!)) return;
      scores[0] = score;
      positions[0] = position;
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
    },
    get full() {
      return size === count;
    },
    get worst() {
      return scores[0]!;
    },
    result() {
      const picked = Array.from({ length: size }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!);
      return { top: picked.map((i) => positions[i]!), scores: picked.map((i) => scores[i]!) };
    },
  };
}
