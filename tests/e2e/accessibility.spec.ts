import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForResults } from './support.ts';

const PAGES = {
  home: '/',
  record: '/fiches/offer-eac50d71e5361c97/',
  'kind list': '/types/fact/',
  'region list': '/regions/wallonie/',
  search: '/recherche/?q=permis',
  'not found': '/cette-page-n-existe-pas/',
};

for (const [name, path] of Object.entries(PAGES)) {
  test(`axe reports no violations on the ${name} page`, async ({ page }) => {
    await page.goto(path);
    if (name === 'search') await waitForResults(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the 404 page answers with status 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});
