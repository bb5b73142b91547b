import { expect, test } from '@playwright/test';

// The API reference on a phone: nothing wider than the screen, no word broken inside, no empty part, one item per
// parameter, answer and field instead of tables (docs/site.md).
for (const width of [320, 390]) {
  test(`the API reference reads at ${width} px: nothing cut or wider than the screen, no word broken inside, no empty part`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/api/');
    const layout = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const right = document.documentElement.clientWidth;
      // Anything reaching past the screen's right edge, other than inside a box that scrolls on its own.
      const past = [...main.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > right + 0.5 && !el.closest('pre, .table-scroll'))
        .map((el) => el.outerHTML.slice(0, 80));
      // A one-word code (a parameter, a header, a code) laid out on more than one line was broken inside; an address may wrap.
      const broken = [...main.querySelectorAll('code')]
        .filter(
          (el) => !el.closest('pre') && !/\s|^https?:/.test(el.textContent!.trim()) && el.getClientRects().length > 1,
        )
        .map((el) => el.textContent);
      const empty = [...main.querySelectorAll('.api-items > li, .api-items dd, dl.api-terms dd')].filter(
        (el) => !el.textContent!.trim(),
      ).length;
      return {
        scroll: document.documentElement.scrollWidth,
        right,
        past,
        broken,
        empty,
        height: document.documentElement.scrollHeight,
      };
    });
    console.log(`/api/ at ${width} px: ${layout.height} px long`);
    expect(layout.past).toEqual([]);
    expect(layout.scroll).toBeLessThanOrEqual(layout.right);
    expect(layout.broken).toEqual([]);
    expect(layout.empty).toBe(0);
    // Every route's parameters and answers are items, not a table wider than the screen.
    expect(await page.locator('main table.wide').count()).toBe(0);
    expect(await page.locator('main .api-items > li').count()).toBeGreaterThan(20);
  });
}

test('each copy button of the API reference names its route in full', async ({ page }) => {
  await page.goto('/api/');
  const labels = await page.getByRole('button', { name: /^Copier l'exemple curl de GET / }).allTextContents();
  expect(labels).toContain("Copier l'exemple curl de GET /api/v1/");
  expect(labels).toContain("Copier l'exemple curl de GET /api/v1/facts");
  await expect(page.getByRole('button', { name: 'Copier la commande curl de /', exact: true })).toHaveCount(0);
});
