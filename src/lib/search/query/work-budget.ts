/**
 * A query's CPU budget in work units, not in wall time, so that what a query answers never depends on the machine's
 * load: the same index and the same query always spend the same units and give the same answer. A unit is about the
 * cost of one cell of an edit-distance table, or of one posting scored (docs/search.md, "Bounded work").
 */

/** Units each part of a query may spend; defaults in one place (docs/search.md, "Bounded work"). */
export interface WorkLimits {
  /** "Did you mean" (suggest.ts): edit distances against the vocabulary, and the searches of corrected or shortened queries. */
  suggest: number;
}

/**
 * Defaults: 250,000 units for suggestions, a few milliseconds of one core (measured: docs/performance.md). A typo in
 * a short query spends about half of it on the bundled corpus; only a hostile query reaches the bound, and then gets
 * fewer suggestions, or none.
 */
export const WORK_LIMITS: WorkLimits = { suggest: 250_000 };

/** Postings a unit pays for when a search is counted: scoring a posting costs about an edit-distance cell. */
export const POSTINGS_PER_UNIT = 1;

/** A budget being spent. */
export interface WorkBudget {
  /** Units this budget allows. */
  readonly limit: number;
  /** Units spent so far (never above the limit). */
  readonly spent: number;
  /** Spends `units` when they fit in what is left and says true; else spends nothing, and the budget is exhausted. */
  spend(units: number): boolean;
  /** Whether a spend was refused: from then on, the caller stops and answers with what it has. */
  readonly exhausted: boolean;
}

/** A fresh budget of `limit` units. */
export function createWorkBudget(limit: number): WorkBudget {
  let spent = 0;
  let exhausted = false;
  return {
    limit,
    get spent() {
      return spent;
    },
    get exhausted() {
      return exhausted;
    },
    spend(units) {
      if (exhausted || spent + units > limit) {
        exhausted = true;
        return false;
      }
      spent += units;
      return true;
    },
  };
}
