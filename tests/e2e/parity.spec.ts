import { expect, test } from '@playwright/test';
import { apiIds, shownIds, waitForResults } from './support.ts';

const PAGE_SIZE = 20;
/** Queries with accents, elisions, stop words, two words, filters and no q. */
const CASES = [
  'q=examen%20th%C3%A9orique',
  'q=EXAMEN%20THEORIQUE',
  "q=l'examen",
  'q=permis%20provisoire%20Bruxelles',
  'q=rijbewijs',
  'q=%C3%A9change%20permis%20%C3%A9tranger',
  'q=alcool',
  'q=le%20permis%20de%20conduire',
  'q=alcool&region=flandre',
  'q=permis&kind=lesson',
  'kind=offer',
  'region=bruxelles&kind=fact',
];

for (const query of CASES) {
  test(`the browser lists the same records in the same order as the API for ${query}`, async ({ page, request }) => {
    const api = await apiIds(request, query);
    const shown: string[] = [];
    const pages = Math.max(1, Math.min(3, Math.ceil(api.total / PAGE_SIZE)));
    for (let n = 1; n <= pages; n++) {
      await page.goto(`/recherche/?${query}${n > 1 ? `&page=${n}` : ''}`);
      await waitForResults(page);
      shown.push(...(await shownIds(page)));
    }
    expect(shown).toEqual(api.ids.slice(0, pages * PAGE_SIZE));
    if (api.total > 0) await expect(page.locator('[data-search-status]')).toContainText(`${api.total} fiche`);
  });
}

test.describe('API mode (corpora past the browser budget)', () => {
  test('the search page asks the API and lists the same records in the same order', async ({ page, request }) => {
    // Pretend the index is too big: the manifest sends the browser to the API.
    await page.route('**/search/manifest.json', (route) => route.fulfill({ json: { records: 1, mode: 'api', files: [], brotliBytes: 2_000_000, budgetBytes: 1_000_000 } }));
    const downloaded: string[] = [];
    page.on('request', (r) => downloaded.push(new URL(r.url()).pathname));
    for (const query of ['q=examen%20th%C3%A9orique', 'q=alcool&region=flandre', 'kind=offer']) {
      await page.goto(`/recherche/?${query}`);
      await waitForResults(page);
      expect(await page.evaluate(() => document.documentElement.dataset.searchMode)).toBe('api');
      const api = await apiIds(request, query);
      expect(await shownIds(page)).toEqual(api.ids.slice(0, PAGE_SIZE));
      await expect(page.locator('[data-search-status]')).toContainText(`${api.total} fiche`);
      if (query.startsWith('q=')) await expect(page.locator('[data-search-results] mark').first()).toBeVisible();
    }
    expect(downloaded.filter((path) => /^\/search\/(index|cards|listing)/.test(path))).toEqual([]);
  });
});
