import { expect, test } from '@playwright/test';

const RICH = '/fiches/offer-eac50d71e5361c97/';

test('a record page shows every field of a rich record', async ({ page }) => {
  await page.goto(RICH);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fixture : formule permis B complète (Zyrkel, exemple de test)',
  );
  await expect(page.locator('.record-text strong')).toHaveText('test');
  await expect(page.locator('.record-text li')).toHaveText(['Premier point de liste', 'Second point de liste']);
  await expect(page.locator('.meta').first()).toContainText('Offre');
  await expect(page.locator('.meta').first()).toContainText('Wallonie, Bruxelles');
  await expect(page.locator('.badge').first()).toHaveText('Exemple fictif');

  const sources = page.locator('#sources + ul li');
  await expect(sources).toHaveCount(4);
  for (const label of ['Officielle', 'Opérateur', 'Marque', 'Autre source'])
    await expect(page.locator('#sources + ul')).toContainText(label);

  const verification = page.locator('section[aria-labelledby=verification]');
  for (const text of [
    'Vérifiée le',
    '1 octobre 2026',
    'En vigueur depuis le',
    '1 janvier 2026',
    'Modifiée le',
    '2 octobre 2026',
    'Déclaration',
    "Prix et contenu de la formule tels que déclarés par l'école fictive",
  ]) {
    await expect(verification).toContainText(text);
  }
  await expect(verification).toContainText("ce n'est pas une vérification des faits");

  const data = page.locator('section[aria-labelledby=donnees]');
  for (const text of [
    'École de conduite Zyrkel',
    '1 234,50 €',
    'par forfait',
    'Vingt heures de conduite',
    '31 décembre 2026',
    'Oui, exemple inventé',
  ])
    await expect(data).toContainText(text);
  await expect(data.getByRole('link', { name: 'École de conduite Zyrkel' })).toHaveAttribute(
    'href',
    '/fiches/brand-83ed988b6ad2ccfe/',
  );

  await expect(page.locator('section[aria-labelledby=lire-avec]')).toContainText('Fixture : école de conduite Zyrkel');
  await expect(page.locator('section[aria-labelledby=bibliographie] li')).toHaveText([
    'Arrêté royal du 23 mars 1998 relatif au permis de conduire',
    'Manuel fictif Zyrkel de conduite, 2e édition',
  ]);
  await expect(page.locator('section[aria-labelledby=tarifs] a')).toHaveAttribute('href', RICH);
  await expect(page.locator('.notice')).toContainText('Contenu de démonstration');
});

test('an organization page renders its data as readable fields', async ({ page }) => {
  await page.goto('/fiches/brand-83ed988b6ad2ccfe/');
  const data = page.locator('section[aria-labelledby=donnees]');
  for (const text of [
    'Zyrkel SRL (fictive)',
    'Auto-école',
    'Wallonie, Bruxelles',
    'contact@example.be',
    "Rue de l'Exemple 1, 5000 Namur, BE",
    '0123.456.789',
  ])
    await expect(data).toContainText(text);
});

test('the citation block copies title, link, publisher and date in one click', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(RICH);
  const citation = page.locator('[data-citation]');
  await expect(citation).toHaveText(
    `« Fixture : formule permis B complète (Zyrkel, exemple de test) », permis-facts, version du 2 octobre 2026, ${new URL(RICH, page.url()).href}`,
  );
  await page.getByRole('button', { name: 'Copier la citation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Citation copiée.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await citation.textContent());
});

test('official rules and publisher content carry different badges', async ({ page }) => {
  await page.goto('/fiches/fait-e895e5ca7dd9aa43/');
  await expect(page.locator('.badge').first()).toHaveText('Règle officielle');
  await expect(page.locator('.badge').first()).toHaveClass(/tone-official/);
});

test('hostile record content shows as text and never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/fiches/page-1138e51df19ae9a2/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fixture <script>window.__xss = 1</script> Quorvex <img src=x onerror="window.__xss = 2">',
  );
  await expect(page.locator('.record-text')).toContainText('<script>window.__xss = 3</script>');
  // Inline code is escaped once: readers see "<" and "&", not "&lt;" or "&amp;".
  await expect(page.locator('.record-text code')).toHaveText('if (a < b && c > d) alert(1)');
  await expect(page.locator('.record-text a')).not.toHaveAttribute('href', /.*/);
  await page.locator('.record-text a').click();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('.record-text img, .record-text script, h1 img').count()).toBe(0);

  await page.goto('/recherche/?q=quorvex');
  const result = page.locator('[data-search-results] li[data-id=page-1138e51df19ae9a2]');
  await expect(result.locator('h3')).toContainText('<script>window.__xss = 1</script>');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
