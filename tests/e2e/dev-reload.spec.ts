import { cp, mkdir, mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { factFrontmatter, recordSource } from '../support/records.ts';
import { startDevServer } from '../../scripts/lib/dev-process.ts';
import { TEST_PORT } from '../support/test-build.ts';

// Dev servers of one checkout share Astro's data store (.astro/), so two at once mix their records: these run one
// after the other, in one worker.
test.describe.configure({ mode: 'serial' });

test('npm run dev: saved record edits (writeFile, then rename-over as sed -i does) appear in the open page by themselves, and in the API', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // content/records and content/ beside it, as in the project, with the 408 bundled records: with a handful, Astro's
  // data store is written so fast that an early reload and the right one merge, and the bug this guards hides.
  const content = await mkdtemp(join(tmpdir(), 'permis-dev-'));
  const dir = join(content, 'records');
  await cp(join(import.meta.dirname, '../../content/records'), dir, { recursive: true });
  const id = 'fait-0000000000000001';
  await writeFile(
    join(dir, 'a.md'),
    recordSource(factFrontmatter({ title: 'Avant la modification' }), 'Le texte avant, quokka.'),
  );
  await writeFile(
    join(dir, 'b.md'),
    recordSource(factFrontmatter({ id: 'fait-0000000000000002', title: 'Une autre fiche', related: [id] })),
  );
  const dev = await startDevServer(dir);
  try {
    await page.goto(`${dev.origin}/fiches/${id}/`);
    await expect(page.locator('h1')).toHaveText('Avant la modification');
    // The page's dev client must be connected first: a reload sent before that is lost.
    await page.waitForLoadState('networkidle');
    // No page.reload(): the page must reload itself, once, when the new record is in place, and never render the old
    // one. An earlier reload (Vite seeing Astro's helper files change) rendered the old record and made the page miss
    // the one that mattered; Astro's own two reloads for one write (coalesce-reloads.ts) made the page load twice.
    const reloads: Promise<string | null>[] = [];
    page.on(
      'response',
      (r) => void (r.request().resourceType() === 'document' && reloads.push(r.text().catch(() => null))),
    );
    // vim's swap file sits beside the record for the whole session: not a record, no error, no reload of its own.
    await writeFile(join(dir, '.a.md.swp'), 'b0VIM 9.0\u0000');
    await writeFile(
      join(dir, 'a.md'),
      recordSource(factFrontmatter({ title: 'Après la modification' }), 'Le texte après, wombat.'),
    );
    await expect(page.locator('h1')).toHaveText('Après la modification', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    expect(reloads).toHaveLength(1);
    expect(await reloads[0]).toContain('Après la modification');
    await expect(page.locator('main')).toContainText('Le texte après, wombat.');
    const fact = await (await request.get(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json();
    expect(fact.title).toBe('Après la modification');
    const found = await (await request.get(`${dev.origin}/api/v1/facts?po_live=1&q=wombat`)).json();
    expect(found.results.map((r: { id: string }) => r.id)).toContain(id);
    // The search index was rebuilt: the old words are gone.
    expect((await (await request.get(`${dev.origin}/api/v1/facts?po_live=1&q=quokka`)).json()).total).toBe(0);
    // The related record's summary follows the edit too.
    const other = await (await request.get(`${dev.origin}/api/v1/facts/fait-0000000000000002?po_live=1`)).json();
    expect(other.related[0].title).toBe('Après la modification');
    // A second edit, saved as sed -i and many editors do: a new file renamed over the old one.
    await page.waitForLoadState('networkidle');
    await writeFile(
      join(dir, 'a.md.tmp'),
      recordSource(factFrontmatter({ title: 'Deuxième modification' }), 'Le texte après, wombat.'),
    );
    await rename(join(dir, 'a.md.tmp'), join(dir, 'a.md'));
    await expect(page.locator('h1')).toHaveText('Deuxième modification', { timeout: 60_000 });
    expect((await (await request.get(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json()).title).toBe(
      'Deuxième modification',
    );
    // An invalid edit is reported with its file and line, and the last valid records stay; the next valid edit shows.
    await page.waitForLoadState('networkidle');
    await writeFile(
      join(dir, 'a.md'),
      recordSource(factFrontmatter({ title: 'Invalide' }), 'Le texte.').replace(/^kind: .*$/m, 'kind: [oops'),
    );
    await expect
      .poll(() => dev.output(), { timeout: 60_000 })
      .toMatch(/a\.md:\d+[\s\S]*the site keeps the last valid records/);
    expect((await (await request.get(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json()).title).toBe(
      'Deuxième modification',
    );
    await expect(page.locator('vite-error-overlay')).toHaveCount(1, { timeout: 60_000 });
    await writeFile(
      join(dir, 'a.md'),
      recordSource(factFrontmatter({ title: 'Troisième modification' }), 'Le texte après, wombat.'),
    );
    // The invalid edit's overlay (an h1 of its own) stands until the fix reloads the page: wait for the record's h1,
    // then for the overlay to be gone. (page.locator('h1') matched both and failed at once, strict mode.)
    await expect(page.getByRole('heading', { level: 1, name: 'Troisième modification', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator('vite-error-overlay')).toHaveCount(0);
    // Another content file (the synonyms) reloads the open page too.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await writeFile(join(content, 'synonyms.yaml'), 'permis: [rijbewijs]\n');
    await reloaded;
    // Neither the swap file nor the temp file renamed over a.md was reported as a file that is not a record.
    expect(dev.output()).not.toMatch(/not a \.md record file/);
  } finally {
    await dev.stop();
  }
});

/** A record file whose regions line (line 5) is `regions: [<region>]`. */
const record = (title: string, region: string) =>
  `---\nid: fait-0000000000000001\nkind: fact\ntitle: ${title}\nregions: [${region}]\nsources:\n  - url: https://mobilit.belgium.be/fr\n    label: SPF Mobilité\n    type: official\n---\nLe texte.\n`;

test('npm run dev shows an invalid record in the open page as an error overlay naming the file and line, and clears it once fixed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const content = await mkdtemp(join(tmpdir(), 'permis-dev-overlay-'));
  const dir = join(content, 'records');
  await mkdir(dir);
  await writeFile(join(dir, 'a.md'), record('Avant', 'bruxelles'));
  await writeFile(
    join(dir, 'b.md'),
    recordSource(factFrontmatter({ id: 'fait-0000000000000002', title: 'Une autre fiche' })),
  );
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
    await writeFile(
      join(content, 'topics.yaml'),
      '- slug: essai\n  title: Essai\n  records: [fait-00000000000000ff]\n',
    );
    await expect(overlay.getByText(/topics\.yaml/).first()).toBeVisible({ timeout: 60_000 });
  } finally {
    await dev.stop();
  }
});
