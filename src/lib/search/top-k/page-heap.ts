/** The best `count` records offered (higher score, then lower position); a class, so V8's optimised callers hold. */
export class PageHeap {
  readonly #scores: Float64Array;
  readonly #positions: Int32Array;
  readonly #count: number;
  #size = 0;

  /** A heap for a page of `count` records; its worst record sits at the root. */
  constructor(count: number) {
    this.#count = count;
    this.#scores = new Float64Array(count);
    this.#positions = new Int32Array(count);
  }

  /** Whether `count` records are held. */
  get full(): boolean {
    return this.#size === this.#count;
  }

  /** The score of the worst record held (meaningful once full). */
  get worst(): number {
    return this.#scores[0]!;
  }

  /** Keeps (score, position) when it belongs among the best `count` offered so far. */
  offer(score: number, position: number): void {
    const scores = this.#scores;
    const positions = this.#positions;
    if (this.#size < this.#count) {
      let c = this.#size++;
      scores[c] = score;
      positions[c] = position;
      while (c > 0 && this.#worse(c, (c - 1) >> 1)) {
        this.#swap(c, (c - 1) >> 1);
        c = (c - 1) >> 1;
      }
      return;
    }
    if (this.#count === 0 || score < scores[0]! || (score === scores[0] && position > positions[0]!)) return;
    scores[0] = score;
    positions[0] = position;
    for (let c = 0; ; ) {
      const l = 2 * c + 1;
      const r = l + 1;
      let m = c;
      if (l < this.#size && this.#worse(l, m)) m = l;
      if (r < this.#size && this.#worse(r, m)) m = r;
      if (m === c) break;
      this.#swap(c, m);
      c = m;
    }
  }

  /** The records held, best first, and their scores. */
  result(): { top: number[]; scores: number[] } {
    const scores = this.#scores;
    const positions = this.#positions;
    const picked = Array.from({ length: this.#size }, (_, i) => i).sort(
      (a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!,
    );
    return { top: picked.map((i) => positions[i]!), scores: picked.map((i) => scores[i]!) };
  }

  // i is worse than j: lower score, or the same score and a higher position.
  #worse(i: number, j: number): boolean {
    const scores = this.#scores;
    return scores[i]! < scores[j]! || (scores[i] === scores[j] && this.#positions[i]! > this.#positions[j]!);
  }

  #swap(i: number, j: number): void {
    const scores = this.#scores;
    const positions = this.#positions;
    const s = scores[i]!;
    scores[i] = scores[j]!;
    scores[j] = s;
    const p = positions[i]!;
    positions[i] = positions[j]!;
    positions[j] = p;
  }
}
