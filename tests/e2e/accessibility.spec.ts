import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForResults } from './support.ts';

/** One record page per kind, so that every kind's template and body headings are checked. */
const RECORDS = {
  fact: 'fait-e895e5ca7dd9aa43',
  expertise: 'expertise-fait-ac18933ac41d78c3',
  organization: 'brand-a440e8e24d5b1bc7',
  offer: 'offer-eac50d71e5361c97',
  person: 'person-2dbce6902266542d',
  professional: 'professional-464b5a863653bfe9',
  article: 'page-5183e8c08ef10f69',
  lesson: 'page-ae3d20564f78d1f5',
  page: 'page-2a7c7dd8c6f48c3a',
  tool: 'page-cabf3535d85edb75',
};

const PAGES: Record<string, string> = {
  home: '/',
  ...Object.fromEntries(Object.entries(RECORDS).map(([kind, id]) => [`${kind} record`, `/fiches/${id}/`])),
  'record list': '/fiches/',
  'kind list': '/types/fact/',
  'region list': '/regions/wallonie/',
  search: '/recherche/?q=permis',
  'API reference': '/api/',
  'not found': '/cette-page-n-existe-pas/',
};

for (const [name, path] of Object.entries(PAGES)) {
  test(`axe, every rule including best practices, reports no violations on the ${name} page`, async ({ page }) => {
    await page.goto(path);
    if (name === 'search') await waitForResults(page);
    // No tag filter: axe runs every rule but the experimental ones, best practices (heading-order, region...) included.
    const results = await new AxeBuilder({ page }).analyze();
    const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
    expect(ran.filter((rule) => rule.tags.includes('best-practice')).map((rule) => rule.id)).toEqual(expect.arrayContaining(['heading-order', 'landmark-one-main', 'region', 'page-has-heading-one']));
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the 404 page answers with status 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});
