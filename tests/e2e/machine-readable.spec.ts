/** In Chromium: JSON-LD within the CSP, the /api/ reference's copy buttons, and the client from another origin. */
import { build } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { TEST_PORT } from '../support/test-build.ts';

const API_ORIGIN = `http://127.0.0.1:${TEST_PORT}`;
const OTHER_ORIGIN = `http://127.0.0.1:${TEST_PORT + 1}`;

/** Records CSP violations and CSP console errors of `page` from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    (window as any).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).__csp.push(`${e.violatedDirective}: ${e.blockedURI}`),
    );
  });
  return async () => [...console, ...(await page.evaluate(() => (window as any).__csp as string[]))];
}

for (const path of ['/', '/fiches/fait-e895e5ca7dd9aa43/', '/fiches/page-1138e51df19ae9a2/', '/api/']) {
  test(`${path} raises no CSP violation, and its JSON-LD (if any) is readable data`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    for (const block of blocks) expect(JSON.parse(block)['@context']).toBe('https://schema.org');
    expect(blocks.length).toBe(path === '/api/' ? 0 : 1);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('the CSP watcher does see a violation (an injected inline script)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/fiches/fait-e895e5ca7dd9aa43/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.body.append(script);
  });
  await expect.poll(violations).not.toEqual([]);
  expect(await page.evaluate(() => (window as any).__ran)).toBeUndefined();
});

test('the /api/ reference copies a route curl command in one click', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/api/');
  await page.getByRole('button', { name: "Copier l'exemple curl de GET /api/v1/facts", exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Commande copiée.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^curl -L "${API_ORIGIN}/api/v1/facts\\?q=`));
});

test('the client, bundled for the browser, walks the API from another origin: CORS, 307 followed, no preflight', async ({
  page,
}) => {
  const bundle = await build({
    entryPoints: ['src/client/index.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'PermisFacts',
    platform: 'browser',
    write: false,
  });
  const preflights: string[] = [];
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'OPTIONS') preflights.push(r.url());
    if (r.url().startsWith(`${API_ORIGIN}/api/v1`)) apiRequests.push(r.url());
  });
  await page.goto(`${OTHER_ORIGIN}/index.html`);
  // The plain static server sends no CSP, so the bundle can be added as an inline classic script.
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const result = await page.evaluate(async (base) => {
    const client = (window as any).PermisFacts.createClient({ baseUrl: base });
    const ids: string[] = [];
    for await (const fact of client.walk()) ids.push(fact.id);
    const one = await client.fact(ids[0]);
    const error = await client
      .fact('fait-0000000000000000')
      .catch((e: any) => ({ name: e.name, status: e.status, code: e.code }));
    const total = (await client.search({ limit: 1 })).total;
    return { count: ids.length, unique: new Set(ids).size, total, first: one.id === ids[0], error };
  }, `${API_ORIGIN}/api/v1`);
  expect(result.count).toBe(result.total);
  expect(result.unique).toBe(result.total);
  expect(result.first).toBe(true);
  expect(result.error).toEqual({ name: 'ApiError', status: 404, code: 'record_not_found' });
  expect(preflights).toEqual([]);
  // Only the very first request lacks po_live: the browser followed its 307, and the client sent po_live=1 from then on.
  expect(apiRequests.filter((url) => !new URL(url).searchParams.has('po_live'))).toEqual([
    `${API_ORIGIN}/api/v1/facts?limit=50&offset=0`,
  ]);
});
