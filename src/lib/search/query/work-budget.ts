/**
 * A query's CPU budget in work units, not wall time, so that an answer never depends on the machine's load. A unit is
 * about one edit-distance cell or one posting scored (docs/search.md, "Bounded work").
 */

/** Units each part of a query may spend. */
export interface WorkLimits {
  /** "Did you mean" (suggest.ts): edit distances, and the searches of corrected or shortened queries. */
  suggest: number;
}

/** Defaults: 250,000 units for suggestions, a few milliseconds of one core; a typo spends about half. */
export const WORK_LIMITS: WorkLimits = { suggest: 250_000 };

/** A budget being spent. */
export interface WorkBudget {
  /** Units spent so far (never above the limit). */
  readonly spent: number;
  /** Spends `units` when they fit and says true; else spends nothing, and the budget is exhausted. */
  spend(units: number): boolean;
  /** Whether a spend was refused: the caller then answers with what it has. */
  readonly exhausted: boolean;
}

/** A fresh budget of `limit` units. */
export function createWorkBudget(limit: number): WorkBudget {
  let spent = 0;
  let exhausted = false;
  return {
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
