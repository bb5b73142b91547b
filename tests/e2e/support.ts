/** Helpers shared by the browser tests. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The ids the browser shows on the current search page. */
export async function shownIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-search-results] li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id!));
}

/** The ids of the exact matches the browser shows (not the records lacking a word blended in, blend.ts). */
export async function exactIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-search-results] li:not([data-missing])')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id!));
}

/** The ids of the records lacking a word that the browser blends into the first page, with the words they lack. */
export async function blendedIds(page: Page): Promise<{ id: string; missing: string }[]> {
  return page
    .locator('[data-search-results] li[data-missing]')
    .evaluateAll((items) =>
      items.map((li) => ({ id: (li as HTMLElement).dataset.id!, missing: (li as HTMLElement).dataset.missing! })),
    );
}

/** Waits until the search status says the results are rendered. */
export async function waitForResults(page: Page): Promise<void> {
  await expect(page.locator('[data-search-status]')).toHaveText(/fiche|Aucune/);
}

/** Every id the API returns for a query string, walking pages as the spec says. */
export async function apiIds(request: APIRequestContext, query: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = Infinity;
  while (ids.length < total) {
    const response = await request.get(
      `/api/v1/facts?po_live=1&limit=50&offset=${ids.length}${query ? `&${query}` : ''}`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { results: { id: string }[]; total: number };
    total = body.total;
    if (body.results.length === 0) break;
    ids.push(...body.results.map((r) => r.id));
  }
  return { ids, total };
}
