import { mkdir, mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { factFrontmatter, recordSource } from '../support/records.ts';
import { startDevServer } from '../../scripts/lib/dev-process.ts';

test('npm run dev: saved record edits (writeFile, then rename-over as sed -i does) appear in the open page by themselves, and in the API', async ({ page, request }) => {
  test.setTimeout(240_000);
  // content/records and content/ beside it, as in the project.
  const content = await mkdtemp(join(tmpdir(), 'permis-dev-'));
  const dir = join(content, 'records');
  await mkdir(dir);
  const id = 'fait-0000000000000001';
  await writeFile(join(dir, 'a.md'), recordSource(factFrontmatter({ title: 'Avant la modification' }), 'Le texte avant.'));
  await writeFile(join(dir, 'b.md'), recordSource(factFrontmatter({ id: 'fait-0000000000000002', title: 'Une autre fiche', related: [id] })));
  const dev = await startDevServer(dir);
  try {
    await page.goto(`${dev.origin}/fiches/${id}/`);
    await expect(page.locator('h1')).toHaveText('Avant la modification');
    // The page's dev client must be connected first: a reload sent before that is lost.
    await page.waitForLoadState('networkidle');
    // No page.reload(): the page must reload itself.
    await writeFile(join(dir, 'a.md'), recordSource(factFrontmatter({ title: 'Après la modification' }), 'Le texte après.'));
    await expect(page.locator('h1')).toHaveText('Après la modification', { timeout: 60_000 });
    await expect(page.locator('main')).toContainText('Le texte après.');
    const fact = await (await request.get(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json();
    expect(fact.title).toBe('Après la modification');
    const found = await (await request.get(`${dev.origin}/api/v1/facts?po_live=1&q=apr%C3%A8s`)).json();
    expect(found.results.map((r: { id: string }) => r.id)).toContain(id);
    // The search index was rebuilt: the old words are gone.
    expect((await (await request.get(`${dev.origin}/api/v1/facts?po_live=1&q=avant`)).json()).total).toBe(0);
    // The related record's summary follows the edit too.
    const other = await (await request.get(`${dev.origin}/api/v1/facts/fait-0000000000000002?po_live=1`)).json();
    expect(other.related[0].title).toBe('Après la modification');
    // A second edit, saved as sed -i and many editors do: a new file renamed over the old one.
    await page.waitForLoadState('networkidle');
    await writeFile(join(dir, 'a.md.tmp'), recordSource(factFrontmatter({ title: 'Deuxième modification' }), 'Le texte après.'));
    await rename(join(dir, 'a.md.tmp'), join(dir, 'a.md'));
    await expect(page.locator('h1')).toHaveText('Deuxième modification', { timeout: 60_000 });
    expect((await (await request.get(`${dev.origin}/api/v1/facts/${id}?po_live=1`)).json()).title).toBe('Deuxième modification');
    // Another content file (the synonyms) reloads the open page too.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await writeFile(join(content, 'synonyms.yaml'), 'permis: [rijbewijs]\n');
    await reloaded;
  } finally {
    await dev.stop();
  }
});
