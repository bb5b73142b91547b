import { expect, test } from '@playwright/test';
import { RECORDS, WIDTHS } from './page-types.ts';
import { waitForResults } from './support.ts';

// Baselines live in tests/e2e/screenshots/ (playwright.config.ts, snapshotPathTemplate). They change only on purpose:
// TEST_PORT=<port> npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots (docs/site.md).
const SHOTS = [
  { name: 'home', path: '/', fullPage: true },
  { name: 'record', path: `/fiches/${RECORDS.fact}/`, fullPage: true },
  { name: 'list', path: '/fiches/', fullPage: false },
  { name: 'search', path: '/recherche/?q=permis%20provisoire', fullPage: false },
  { name: 'api', path: '/api/', fullPage: false },
  // The reference itself on a phone: a route's example, parameters and answers as items.
  { name: 'api-route', path: '/api/#route-facts', fullPage: false },
];

test.use({ viewport: { width: WIDTHS.phone, height: 844 }, deviceScaleFactor: 1 });

for (const shot of SHOTS) {
  test(`the ${shot.name} page at ${WIDTHS.phone} px looks as its committed screenshot`, async ({ page }) => {
    await page.goto(shot.path);
    if (shot.name === 'search') await waitForResults(page);
    await page.evaluate(() => document.fonts.ready);
    // The only dynamic parts: text showing the site's own address, whose port is each run's TEST_PORT.
    const mask = [page.locator('code, pre, [data-citation]').filter({ hasText: new URL(page.url()).host })];
    await expect(page).toHaveScreenshot(`${shot.name}-${WIDTHS.phone}.png`, {
      fullPage: shot.fullPage,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask,
    });
  });
}
