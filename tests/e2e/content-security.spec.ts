import { expect, test } from '@playwright/test';
import { waitForResults } from './support.ts';

// Every kind of page, with its scripts run: a style or script the policy refuses shows up as a violation.
const PAGES = [
  '/',
  '/fiches/fait-e895e5ca7dd9aa43/',
  '/fiches/page-1138e51df19ae9a2/',
  '/fiches/brand-83ed988b6ad2ccfe/',
  '/types/',
  '/types/lesson/',
  '/regions/wallonie/',
  '/recherche/?q=permis',
  '/reutilisation/',
  '/api/',
  '/page-qui-n-existe-pas/',
];

for (const path of PAGES) {
  test(`${path} loads under the Content-Security-Policy with no violation`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    if (path.startsWith('/recherche/')) await waitForResults(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[style]').count()).toBe(0);
    expect(await page.locator('style').count()).toBe(0);
    const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    // The 404 page answers 404, which Chromium logs as a console error; that is not a policy problem.
    expect([...violations, ...problems.filter((p) => !/status of 404/.test(p))]).toEqual([]);
  });
}
