import { expect, test, type Page } from '@playwright/test';
import { ALL_PAGES, RECORDS, WIDTHS } from './page-types.ts';
import { waitForResults } from './support.ts';

/** How far the page scrolls sideways: the body's width beyond the viewport, in CSS pixels. */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth,
  );
}

for (const width of [WIDTHS.narrowest, WIDTHS.phone, WIDTHS.tablet]) {
  test(`no page type scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    for (const [name, path] of Object.entries(ALL_PAGES)) {
      await page.goto(path);
      if (name === 'search') await waitForResults(page);
      const overflow = await sidewaysScroll(page);
      if (overflow > 0) {
        const culprits = await page.evaluate(
          (limit) =>
            [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > limit + 1)
              .slice(0, 3)
              .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
          width,
        );
        wide.push(`${name} (${path}): ${overflow} px too wide, e.g. ${culprits.join(', ')}`);
      }
    }
    expect(wide).toEqual([]);
  });
}

test('on a phone, the verification box stacks each label above its value, whole words kept', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto(`/fiches/${RECORDS.offer}/`);
  const box = page.locator('section[aria-labelledby=verification] dl');
  const [dt, dd] = [box.locator('dt').first(), box.locator('dd').first()];
  const [dtBox, ddBox] = [(await dt.boundingBox())!, (await dd.boundingBox())!];
  expect(ddBox.x).toBe(dtBox.x);
  expect(ddBox.y).toBeGreaterThanOrEqual(dtBox.y + dtBox.height - 1);
  // The value gets the box's whole width, so no word is cut (the issue saw "d'obtentio / n").
  expect(ddBox.width).toBeGreaterThan(WIDTHS.phone * 0.7);
});

test('on a desktop, the verification box keeps labels and values side by side', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
  await page.goto(`/fiches/${RECORDS.offer}/`);
  const box = page.locator('section[aria-labelledby=verification] dl');
  const [dtBox, ddBox] = [
    (await box.locator('dt').first().boundingBox())!,
    (await box.locator('dd').first().boundingBox())!,
  ];
  expect(ddBox.x).toBeGreaterThan(dtBox.x + dtBox.width - 1);
  expect(Math.abs(ddBox.y - dtBox.y)).toBeLessThan(4);
});

test('on a phone, the API reference lists parameters and answers as items, with no sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto('/api/');
  await expect(page.getByRole('list', { name: /^Paramètres de GET / }).first()).toBeVisible();
  expect(await page.locator('.table-scroll:has(table.wide)').count()).toBe(0);
  expect(await sidewaysScroll(page)).toBe(0);
});

test('every search box shows its whole placeholder at the narrowest width', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.narrowest, height: 800 });
  const cut: string[] = [];
  for (const path of ['/', `/fiches/${RECORDS.offer}/`, '/recherche/']) {
    await page.goto(path);
    cut.push(
      ...(await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
          .filter((input) => input.offsetParent !== null)
          .filter((input) => {
            // The placeholder's width in the input's font against the room inside its padding.
            const style = getComputedStyle(input);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room =
              input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
            return context.measureText(input.placeholder).width > room;
          })
          .map((input) => `${location.pathname} #${input.id}: « ${input.placeholder} »`),
      )),
    );
  }
  expect(cut).toEqual([]);
});
