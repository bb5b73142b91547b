import { expect, test, type Page } from '@playwright/test';
import { WIDTHS } from './page-types.ts';
import { waitForResults } from './support.ts';

// Nothing on the search page may move once painted: the results, the « Résultats pour … » box and the filter counts
// come into room kept for them (docs/site.md). The browser's own layout-shift entries are summed, as Lighthouse's CLS
// does (without its session windows, so stricter); Google's "good" threshold is 0.1.

/** The sum of every layout-shift entry since navigation that no user input caused, and what moved. */
async function layoutShift(page: Page): Promise<{ score: number; moved: string[] }> {
  // Two frames after the results, so that the last shift, if any, has been reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    // observe() with `buffered` puts the entries so far in the observer's buffer at once: takeRecords() reads them
    // there, with no wait for a callback that never comes when there is no entry at all.
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = (observer.takeRecords() as Shift[]).filter((entry) => !entry.hadRecentInput);
    observer.disconnect();
    const moved = shifts.flatMap((entry) =>
      entry.sources.map((s) =>
        s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
      ),
    );
    return { score: shifts.reduce((sum, entry) => sum + entry.value, 0), moved };
  });
}

const SEARCHES = [
  { name: 'a search with results', path: '/recherche/?q=permis%20provisoire' },
  { name: 'a typo shown under « Résultats pour … »', path: '/recherche/?q=provisiore' },
  {
    name: 'a question that no record holds whole, its records lacking a word',
    path: `/recherche/?q=${encodeURIComponent('ai-je le droit de manger en conduisant')}`,
  },
  { name: 'a search that finds nothing at all', path: '/recherche/?q=xqzwv%20kpltr' },
  { name: 'a filtered search', path: '/recherche/?q=permis&region=wallonie' },
];

for (const width of [WIDTHS.phone, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    for (const search of SEARCHES) {
      test(`${search.name}: the page does not shift as its results come (CLS below 0.1)`, async ({ page }) => {
        await page.goto(search.path);
        await waitForResults(page);
        const { score, moved } = await layoutShift(page);
        expect(score, `layout shift ${score.toFixed(3)}, moved: ${moved.join(', ')}`).toBeLessThan(0.1);
      });
    }
  });
}
