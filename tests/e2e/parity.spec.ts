import { expect, test } from '@playwright/test';
import { apiIds, exactIds, shownIds, waitForResults } from './support.ts';

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
  'q=conduite%20accompagn%C3%A9e',
  'q=le%20permis%20de%20conduire',
  'q=alcool&region=flandre',
  'q=permis&kind=lesson',
  'kind=offer',
  'region=bruxelles&kind=fact',
];

for (const query of CASES) {
  test(`the browser lists the same records in the same order as the API for ${query}`, async ({ page, request }) => {
    const api = await apiIds(request, query);
    // The exact matches, page after page, are the API's answer in its order; the first page may also blend in records
    // lacking a word (blend.ts), labelled as such, after which the pages start after the exact matches it listed.
    const shown: string[] = [];
    const pages = Math.max(1, Math.min(3, Math.ceil(api.total / PAGE_SIZE)));
    for (let n = 1; n <= pages; n++) {
      await page.goto(`/recherche/?${query}${n > 1 ? `&page=${n}` : ''}`);
      await waitForResults(page);
      shown.push(...(await exactIds(page)));
    }
    expect(shown).toEqual(api.ids.slice(0, shown.length));
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(api.total, (pages - 1) * PAGE_SIZE + 1));
    if (api.total > 0) await expect(page.locator('[data-search-status]')).toContainText(`${api.total} fiche`);
  });
}

test('the browser fetches only the term shards of the query words (and their synonyms) and the blocks of the results shown', async ({
  page,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => r.url().includes('/search/') && loaded.push(new URL(r.url()).pathname));
  await page.goto('/recherche/?q=examen%20th%C3%A9orique');
  await waitForResults(page);
  // One hash shard per word, plus a large word's own file (N-K.json) when its shard names one.
  const shards = loaded.filter((p) => /^\/search\/terms\/\d+\.json$/.test(p));
  const own = loaded.filter((p) => /^\/search\/terms\/\d+-\d+\.json$/.test(p));
  expect(shards.length).toBeGreaterThanOrEqual(1);
  // One per word and per synonym term: "examen théorique" also finds "theorie-examen" (content/synonyms.yaml).
  expect(shards.length).toBeLessThanOrEqual(3);
  expect(own.length).toBeLessThanOrEqual(2);
  expect(loaded.filter((p) => p.startsWith('/search/terms/')).length).toBe(shards.length + own.length);
  expect(loaded.filter((p) => p.startsWith('/search/docs/')).length).toBeLessThanOrEqual(PAGE_SIZE);
  expect(loaded.some((p) => p.startsWith('/api/'))).toBe(false);
});

test('a query that finds nothing shows its best suggestion\'s results at once, first, with a link to the exact words that offers "Vouliez-vous dire"', async ({
  page,
  request,
}) => {
  const api = (await (await request.get('/api/v1/facts?po_live=1&q=provisiore')).json()) as {
    total: number;
    suggestions: { q: string; total: number }[];
  };
  expect(api.total).toBe(0);
  const best = api.suggestions[0]!;
  await page.goto('/recherche/?q=provisiore');
  await waitForResults(page);
  const box = page.locator('[data-search-suggestions]');
  await expect(box).toContainText(`Résultats pour « ${best.q} »`);
  await expect(page.locator('[data-search-status]')).toHaveText(
    `Aucune fiche pour « provisiore ». Résultats pour « ${best.q} » : ${best.total} fiches trouvées · page 1 sur ${Math.ceil(best.total / PAGE_SIZE)}.`,
  );
  expect(await shownIds(page)).toEqual(
    (await apiIds(request, `q=${encodeURIComponent(best.q)}`)).ids.slice(0, PAGE_SIZE),
  );
  // The correction comes before the filters and the results.
  const order = await page.evaluate(() =>
    ['[data-search-suggestions]', '[data-search-filters]', '[data-search-results]'].map(
      (s) => document.querySelector(s)!.getBoundingClientRect().top,
    ),
  );
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await box.getByRole('link', { name: 'Rechercher exactement « provisiore »' }).click();
  await expect(page).toHaveURL(/q=provisiore&exact=1$/);
  await expect(page.locator('[data-search-status]')).toHaveText('Aucune fiche ne contient « provisiore ».');
  await expect(box).toContainText('Vouliez-vous dire');
  const links = box.getByRole('link');
  expect(await links.allTextContents()).toEqual(api.suggestions.map((s) => s.q));
  await links.first().click();
  await expect(page).toHaveURL(/q=provisoire$/);
  await expect(page.locator('[data-search-status]')).toContainText(`${best.total} fiche`);
  await expect(box).toBeHidden();
});
