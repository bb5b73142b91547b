import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { factFrontmatter, recordSource } from '../support/records.ts';
import { startDevServer } from '../../scripts/lib/dev-process.ts';
import { TEST_PORT } from '../support/test-build.ts';

/** A record file whose regions line (line 5) is `regions: [<region>]`. */
const record = (title: string, region: string) =>
  `---\nid: fait-0000000000000001\nkind: fact\ntitle: ${title}\nregions: [${region}]\nsources:\n  - url: https://mobilit.belgium.be/fr\n    label: SPF Mobilité\n    type: official\n---\nLe texte.\n`;

test('npm run dev shows an invalid record in the open page as an error overlay naming the file and line, and clears it once fixed', async ({ page }) => {
  test.setTimeout(240_000);
  const content = await mkdtemp(join(tmpdir(), 'permis-dev-overlay-'));
  const dir = join(content, 'records');
  await mkdir(dir);
  await writeFile(join(dir, 'a.md'), record('Avant', 'bruxelles'));
  await writeFile(join(dir, 'b.md'), recordSource(factFrontmatter({ id: 'fait-0000000000000002', title: 'Une autre fiche' })));
  // Ports of this checkout's range: TEST_PORT and TEST_PORT + 1 are the test servers'.
  const dev = await startDevServer(dir, TEST_PORT + 2);
  try {
    await page.goto(`${dev.origin}/fiches/fait-0000000000000001/`);
    await expect(page.locator('h1')).toHaveText('Avant');
    await page.waitForLoadState('networkidle');
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toHaveCount(0);
    // The edit: a region that does not exist.
    await writeFile(join(dir, 'a.md'), record('Après', 'bxl'));
    await expect(overlay.getByText(/a\.md:5: regions\[0\]: Invalid option/).first()).toBeVisible({ timeout: 60_000 });
    await expect(overlay.getByRole('heading', { name: 'records/a.md:5:1' })).toBeVisible();
    await expect(overlay.locator('.error-line')).toHaveText('regions: [bxl]');
    // A page opened while the error stands shows it too.
    await page.reload();
    await expect(overlay.getByText(/a\.md:5: regions\[0\]/).first()).toBeVisible({ timeout: 60_000 });
    // Fixed: the overlay goes and the page shows the record as saved.
    await writeFile(join(dir, 'a.md'), record('Après', 'wallonie'));
    await expect(page.getByRole('heading', { level: 1, name: 'Après', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(overlay).toHaveCount(0);
    // A topics file beside the records is checked too, with its own file and line.
    await writeFile(join(content, 'topics.yaml'), '- slug: essai\n  title: Essai\n  records: [fait-00000000000000ff]\n');
    await expect(overlay.getByText(/topics\.yaml/).first()).toBeVisible({ timeout: 60_000 });
  } finally {
    await dev.stop();
  }
});
