import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { QUERY_LIMITS } from '../../src/lib/schema/limits.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { createWorkBudget, WORK_LIMITS } from '../../src/lib/search/query/work-budget.ts';
import { suggest, type SuggestSource } from '../../src/lib/search/assist/suggest.ts';
import { HOSTILE_QUERIES } from '../../scripts/bench/search/hostile.ts';
import { engineFor } from '../support/search.ts';

describe('work budget', () => {
  it('spends what fits, refuses what does not, and stays exhausted once refused', () => {
    const budget = createWorkBudget(10);
    expect(budget.spend(6)).toBe(true);
    expect(budget.spend(5)).toBe(false);
    expect(budget.exhausted).toBe(true);
    expect(budget.spend(1)).toBe(false);
    expect(budget.spent).toBe(6);
  });
});

describe('"did you mean" within its work budget', () => {
  let engine: SearchEngine;
  beforeAll(async () => {
    engine = await engineFor(await readRecords('content/records', 'https://x.example'), {
      cache: { rankings: { entries: 0, bytes: 0 } },
    });
  });

  it('spends the same units and answers the same suggestions every time, and never more units than its limit', async () => {
    for (const q of [...Object.values(HOSTILE_QUERIES), 'permis provisiore', 'tracteur zyrkel']) {
      expect(q.length).toBeLessThanOrEqual(QUERY_LIMITS.qMaxLength);
      const runs = await Promise.all(
        [0, 1].map(async () => {
          const budget = createWorkBudget(WORK_LIMITS.suggest);
          return { suggestions: await engine.suggest({ q }, budget), spent: budget.spent, exhausted: budget.exhausted };
        }),
      );
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[0]!.spent).toBeLessThanOrEqual(WORK_LIMITS.suggest);
    }
  });

  it('stops hostile queries at the limit: the many-words ones exhaust it and answer fewer suggestions or none', async () => {
    for (const name of ['mistyped words', 'every letter', 'known words']) {
      const budget = createWorkBudget(WORK_LIMITS.suggest);
      const suggestions = await engine.suggest({ q: HOSTILE_QUERIES[name]! }, budget);
      expect(budget.exhausted).toBe(true);
      expect(suggestions.length).toBeLessThanOrEqual(3);
    }
  });

  it('still corrects an ordinary typo well inside the budget, and answers the same with an unlimited one', async () => {
    const budget = createWorkBudget(WORK_LIMITS.suggest);
    const within = await engine.suggest({ q: 'permis provisiore' }, budget);
    expect(within[0]!.q).toBe('permis provisoire');
    expect(budget.exhausted).toBe(false);
    expect(await engine.suggest({ q: 'permis provisiore' }, createWorkBudget(Infinity))).toEqual(within);
  });

  it('corrects a query with a typo in two or three of its words within the budget (words too far apart in letters are never compared)', async () => {
    // Two swaps, one edit each: applied at once; « voiteur » is two edits from « voiture » (7 letters): offered only.
    for (const [q, corrected, confident] of [
      ['permsi de condiure', 'permis de conduire', true],
      ['asurance voiteur jeune condcteur', 'assurance voiture jeune conducteur', undefined],
    ] as const) {
      const budget = createWorkBudget(WORK_LIMITS.suggest);
      const within = await engine.suggest({ q }, budget);
      expect(within[0]).toEqual({ q: corrected, total: within[0]!.total, ...(confident ? { confident } : {}) });
      expect(within[0]!.total).toBeGreaterThan(0);
      expect(budget.exhausted).toBe(false);
    }
  });

  it('with any smaller budget, answers only suggestions that an unlimited budget answers too (property)', async () => {
    const q = 'permis tracteur zyrkel conduire';
    const full = await engine.suggest({ q }, createWorkBudget(Infinity));
    expect(full.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 200_000 }), async (limit) => {
        const found = await engine.suggest({ q }, createWorkBudget(limit));
        for (const s of found) expect(full.map((f) => f.q)).toContain(s.q);
      }),
      { numRuns: 30 },
    );
  });

  it('counts a search of a shortened query by its postings, whatever the engine has cached', async () => {
    const calls: string[] = [];
    const source: SuggestSource = {
      known: async (terms) => terms.map((t) => t !== 'zulu'),
      words: async () => [],
      total: async (q) => (calls.push(q), q.split(' ').length === 1 ? 1 : 0),
      best: async () => 1,
      cost: async () => 30_000,
    };
    const budget = createWorkBudget(100_000);
    await suggest('alpha bravo charly delta zulu', source, budget);
    // Words are charged first; each search then costs 30,000 units, so at most three fit.
    expect(calls.length).toBeLessThanOrEqual(3);
    expect(calls.every((q) => !q.includes('zulu'))).toBe(true);
  });
});
