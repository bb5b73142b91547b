import { expect, test } from '@playwright/test';
import { TEST_PORT } from '../support/test-build.ts';
import { shownIds, waitForResults } from './support.ts';

// The same build served by a plain static file server (http-server), without the adapter.
const STATIC = `http://127.0.0.1:${TEST_PORT + 1}`;

test('a plain static host serves pages, per-record JSON, catalogue, openapi.json and browser search', async ({
  page,
  request,
}) => {
  await page.goto(`${STATIC}/fiches/offer-eac50d71e5361c97/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('formule permis B complète');

  const record = await request.get(`${STATIC}/api/v1/facts/offer-eac50d71e5361c97`);
  expect(record.status()).toBe(200);
  expect(JSON.parse(await record.text())).toMatchObject({ id: 'offer-eac50d71e5361c97', kind: 'offer' });
  const catalogue = await request.get(`${STATIC}/api/v1/index.json`);
  expect(((await catalogue.json()) as { name: string }).name).toBe('permis-facts');
  const openapi = await request.get(`${STATIC}/api/v1/openapi.json`);
  expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');

  await page.goto(`${STATIC}/recherche/?q=zyrkel`);
  await waitForResults(page);
  expect(await shownIds(page)).toContain('offer-eac50d71e5361c97');
  // Filters, counts and "did you mean" work from the static files alone, with no request to the API.
  const apiCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(r.url()));
  await page.goto(`${STATIC}/recherche/?q=provisiore`);
  await waitForResults(page);
  await expect(page.locator('[data-search-suggestions]')).toContainText('Résultats pour « provisoire »');
  expect((await shownIds(page)).length).toBeGreaterThan(0);
  // Records lacking a word blended among the exact matches, labelled « Sans : … », from the static files too.
  await page.goto(
    `${STATIC}/recherche/?q=${encodeURIComponent('je déménage en Flandre, que devient mon permis provisoire ?')}`,
  );
  await waitForResults(page);
  await expect(page.locator('[data-search-results] li[data-missing]').first()).toContainText('Sans : ');
  await page.goto(`${STATIC}/recherche/?q=permis&kind=offer`);
  await waitForResults(page);
  await expect(page.locator('[data-count-kind=offer]')).toHaveText(/\(\d+\)/);
  expect(apiCalls).toEqual([]);
  await page.goto(`${STATIC}/`);
  await expect(page.locator('.notice')).toBeVisible();
});
