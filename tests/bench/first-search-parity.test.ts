import { describe, expect, it } from 'vitest';
import { besideBlended, differences } from '../../scripts/bench/first-search/api-parity.ts';
import { formatFirstSearch } from '../../scripts/bench/first-search/format.ts';
import type { FirstSearchFigures } from '../../scripts/bench/first-search/measure-first-search.ts';

const page = { ids: ['a', 'b', 'c'], total: 3, suggestions: [] as string[] };

describe('the first-search bench compares the page with the API', () => {
  it('finds no difference when ids, order, total and suggestions agree', () => {
    expect(differences(page, { ...page, ids: [...page.ids] })).toEqual([]);
  });

  it('names the total, the first position where ids differ, and the suggestions', () => {
    expect(differences({ ids: ['a', 'c', 'b'], total: 4, suggestions: ['x'] }, page)).toEqual([
      'total 4 in the page, 3 from the API',
      'ids differ from position 2: page c,b vs API b,c (3 vs 3 shown)',
      'suggestions [x] in the page, [] from the API',
    ]);
    expect(differences({ ...page, ids: ['a', 'b'] }, page)).toEqual([
      'ids differ from position 3: page (none) vs API c (2 vs 3 shown)',
    ]);
  });

  it('compares a first page that blends in records lacking a word with the API’s first records beside them', () => {
    const api = { ids: ['a', 'b', 'c', 'd', 'e'], total: 5, suggestions: [] as string[] };
    // A page of 4 blends in 2 records lacking a word: it lists the API's first 2 records, in the API's order.
    expect(differences({ ...api, ids: ['a', 'b'] }, besideBlended(api, 4, 2))).toEqual([]);
    expect(differences({ ...api, ids: ['b', 'a'] }, besideBlended(api, 4, 2))).toEqual([
      'ids differ from position 1: page b,a vs API a,b (2 vs 2 shown)',
    ]);
    expect(differences({ ...api, ids: ['a'] }, besideBlended(api, 4, 2))).toEqual([
      'ids differ from position 2: page (none) vs API b (1 vs 2 shown)',
    ]);
    // Nothing blended: the whole page.
    expect(besideBlended(api, 4, 0).ids).toEqual(['a', 'b', 'c', 'd']);
  });

  it('prints every mismatch loudly', () => {
    const engine = (mismatches?: string[]) => ({
      medianBytes: 1,
      medianMs: 1,
      queries: [{ q: 'alcool', bytes: 1, requests: 1, ms: 1, results: 3, ...(mismatches ? { mismatches } : {}) }],
    });
    const figures: FirstSearchFigures = {
      site: engine(['total 4 in the page, 3 from the API']),
      pagefind: engine(),
      apiMismatches: 1,
    };
    const lines = formatFirstSearch(figures);
    expect(lines).toContain('!!! 1 QUERIES SHOW OTHER RESULTS THAN THE API ON THE SAME BUILD !!!');
    expect(lines).toContain('!!!   alcool: total 4 in the page, 3 from the API');
    expect(formatFirstSearch({ ...figures, site: engine([]), apiMismatches: 0 }).at(-1)).toBe(
      'same results as the API: 1 of 1 queries (ids, order, total, suggestions)',
    );
  });
});
