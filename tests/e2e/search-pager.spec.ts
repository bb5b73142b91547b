import { expect, test, type Locator } from '@playwright/test';
import { waitForResults } from './support.ts';

/** The relative luminance of a CSS rgb()/rgba() colour (WCAG 2). */
function luminance(rgb: string): number {
  const [r, g, b] = rgb
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** The button's text colour, background (the page's, where its own is transparent), border colour and cursor. */
const look = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    const transparent = (c: string) => c === 'transparent' || /rgba\(.*, 0\)$/.test(c);
    let back = style.backgroundColor;
    for (let node: Element | null = el.parentElement; transparent(back) && node; node = node.parentElement)
      back = getComputedStyle(node).backgroundColor;
    return {
      color: style.color,
      background: transparent(back) ? 'rgb(255, 255, 255)' : back,
      border: style.borderColor,
      cursor: style.cursor,
      ownBackground: style.backgroundColor,
    };
  });

test('on page 1, « Page précédente » is disabled and looks it: no button look, no pointer, lower contrast yet readable', async ({
  page,
}) => {
  await page.goto('/recherche/?q=permis');
  await waitForResults(page);
  const pager = page.getByRole('navigation', { name: 'Pages de résultats' });
  const previous = pager.getByRole('button', { name: 'Page précédente' });
  const next = pager.getByRole('button', { name: 'Page suivante' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  const [off, on] = [await look(previous), await look(next)];
  expect(on.cursor).toBe('pointer');
  expect(off.cursor).toBe('default');
  // Not drawn as a button: no border or background of its own, unlike the enabled one.
  expect(off.ownBackground).toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  expect(off.border).toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  expect(off.color).not.toBe(on.color);
  const [offContrast, onContrast] = [contrast(off.color, off.background), contrast(on.color, on.background)];
  expect(offContrast).toBeLessThan(onContrast);
  expect(offContrast).toBeGreaterThanOrEqual(4.5);
});
