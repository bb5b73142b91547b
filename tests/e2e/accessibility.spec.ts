import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForResults } from './support.ts';
import { ALL_PAGES, WIDTHS } from './page-types.ts';

// Every page type, on a phone and on a desktop: the layouts differ (stacked fields, scrolling tables, wrapped menu).
const CASES = Object.entries(ALL_PAGES).flatMap(([name, path]) =>
  [WIDTHS.phone, WIDTHS.desktop].map((width) => ({ name, path, width })),
);

for (const { name, path, width } of CASES) {
  test(`axe, every rule including best practices, reports no violations on the ${name} page at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    if (name === 'search') await waitForResults(page);
    // No tag filter: axe runs every rule but the experimental ones, best practices (heading-order, region...) included.
    const results = await new AxeBuilder({ page }).analyze();
    const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
    expect(ran.filter((rule) => rule.tags.includes('best-practice')).map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['heading-order', 'landmark-one-main', 'region', 'page-has-heading-one']),
    );
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the 404 page answers with status 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});

test('axe reports no violations on a search page blending in records that lack a word, nor on one that no record holds whole, nor under records holding some of the words, nor on one that lists nothing', async ({
  page,
}) => {
  await page.goto(`/recherche/?q=${encodeURIComponent('je déménage en Flandre, que devient mon permis provisoire ?')}`);
  await waitForResults(page);
  await expect(page.locator('[data-search-results] li[data-missing]').first()).toBeVisible();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.goto(`/recherche/?q=${encodeURIComponent('ai-je le droit de manger en conduisant')}`);
  await waitForResults(page);
  await expect(page.locator('[data-search-results] li[data-missing]').first()).toBeVisible();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.goto(`/recherche/?q=${encodeURIComponent('amende stationnement trottoir vélo')}`);
  await waitForResults(page);
  await expect(page.locator('[data-search-partly] li').first()).toBeVisible();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // A page that lists nothing: the words no record holds, and links to the lists in the status.
  await page.goto(`/recherche/?q=${encodeURIComponent('je suis daltonien')}`);
  await expect(page.locator('[data-search-status] a').first()).toBeVisible();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
