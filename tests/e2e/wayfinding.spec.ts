import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { TEST_PORT } from '../support/test-build.ts';
import { RECORDS, TOPIC } from './page-types.ts';

const STATIC = `http://127.0.0.1:${TEST_PORT + 1}`;
type Topic = { slug: string; title: string; records: string[]; searches: { label: string; q: string }[] };
const bundledTopics = async () => (parse(await readFile('content/topics.yaml', 'utf8')) as { topics: Topic[] }).topics;

/** The visible breadcrumb as [name, href] pairs (the current page has no href). */
async function visibleTrail(page: Page): Promise<[string, string | null][]> {
  const nav = page.getByRole('navigation', { name: "Fil d'Ariane" });
  return nav
    .locator('li')
    .evaluateAll((items) =>
      items.map(
        (li) =>
          [li.textContent!.trim(), li.querySelector('a')?.getAttribute('href') ?? null] as [string, string | null],
      ),
    );
}

/** The BreadcrumbList of the page's JSON-LD as [name, absolute URL] pairs. */
async function jsonLdTrail(page: Page): Promise<[string, string][]> {
  const doc = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@graph': Record<string, any>[];
  };
  const list = doc['@graph'].find((node) => node['@type'] === 'BreadcrumbList')!;
  const holder = doc['@graph'].find((node) => node.breadcrumb);
  expect(holder?.breadcrumb).toEqual({ '@id': list['@id'] });
  return list.itemListElement.map((item: { position: number; name: string; item: string }, i: number) => {
    expect(item.position).toBe(i + 1);
    return [item.name, item.item];
  });
}

const TRAILS: Record<string, { path: string; names: string[] }> = {
  record: {
    path: `/fiches/${RECORDS.fact}/`,
    names: [
      'Accueil',
      'Fiches par type',
      'Règles et faits',
      'Permis B : âge minimum et conditions de base en Belgique',
    ],
  },
  'record list': { path: '/fiches/', names: ['Accueil', 'Toutes les fiches'] },
  'record list, page 3': { path: '/fiches/3/', names: ['Accueil', 'Toutes les fiches', 'Page 3'] },
  'kind list': { path: '/types/lesson/', names: ['Accueil', 'Fiches par type', 'Leçons'] },
  'region list': { path: '/regions/bruxelles/', names: ['Accueil', 'Fiches par région', 'Bruxelles'] },
  topic: { path: `/themes/${TOPIC}/`, names: ['Accueil', 'Thèmes', "S'installer en Belgique avec un permis étranger"] },
};

for (const [name, { path, names }] of Object.entries(TRAILS)) {
  test(`the ${name} page has a breadcrumb, the same trail as a schema.org BreadcrumbList`, async ({ page }) => {
    await page.goto(path);
    const trail = await visibleTrail(page);
    expect(trail.map(([text]) => text)).toEqual(names);
    expect(trail.at(-1)![1]).toBeNull();
    await expect(page.locator('.breadcrumb [aria-current=page]')).toHaveText(names.at(-1)!);
    expect(trail[0]![1]).toBe('/');
    const origin = new URL(page.url()).origin;
    expect(await jsonLdTrail(page)).toEqual(
      trail.map(([text, href], i) => [text, `${origin}${href ?? (i === trail.length - 1 ? path : '')}`]),
    );
    // Every link of the trail leads to a page.
    for (const [, href] of trail.slice(0, -1)) expect((await page.request.get(href!)).status()).toBe(200);
  });
}

test('the menu offers "Toutes les fiches" on every page, marked current on the list itself', async ({ page }) => {
  await page.goto(`/fiches/${RECORDS.lesson}/`);
  const menu = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(menu.getByRole('link', { name: 'Toutes les fiches' })).toHaveAttribute('href', '/fiches/');
  await expect(menu.getByRole('link', { name: 'Thèmes' })).toHaveAttribute('href', '/themes/');
  await menu.getByRole('link', { name: 'Toutes les fiches' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Toutes les fiches \(page 1 sur \d+\)$/);
  await expect(menu.getByRole('link', { name: 'Toutes les fiches' })).toHaveAttribute('aria-current', 'page');
});

test('the pager disables the controls that lead nowhere and names the page each link leads to', async ({ page }) => {
  await page.goto('/fiches/');
  const pager = page.getByRole('navigation', { name: 'Pages de la liste' });
  const last = Number(/sur (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]);
  const previous = pager.getByRole('link', { name: 'Page précédente' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  expect(await previous.getAttribute('href')).toBeNull();
  await expect(pager.getByRole('link', { name: `Page suivante : page 2 sur ${last}` })).toHaveAttribute(
    'href',
    '/fiches/2',
  );
  // Disabled controls are not in the tab order: the first Tab stop in the pager is "next".
  await page.goto(`/fiches/${last}/`);
  await expect(pager.getByRole('link', { name: 'Page suivante' })).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: `Page précédente : page ${last - 1} sur ${last}` })).toHaveAttribute(
    'rel',
    'prev',
  );
  await page.goto('/fiches/2/');
  await expect(pager.locator('[aria-disabled]')).toHaveCount(0);
});

test('the home page offers the topics before the lists by kind and region, each with its own page', async ({
  page,
}) => {
  const topics = await bundledTopics();
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Que voulez-vous faire ?' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(topics.map((t) => t.title));
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Que voulez-vous faire ?')).toBeLessThan(headings.indexOf('Par type'));
  expect(headings.indexOf('Que voulez-vous faire ?')).toBe(0);
  await section.getByRole('link', { name: topics[2]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/themes/${topics[2]!.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topics[2]!.title);
});

test("a topic page lists its records in the publisher's order and links its searches", async ({ page }) => {
  const topic = (await bundledTopics()).find((t) => t.slug === TOPIC)!;
  await page.goto(`/themes/${TOPIC}/`);
  const links = page.locator('ul.cards .card-title a');
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
    topic.records.map((id) => `/fiches/${id}/`),
  );
  const search = page
    .getByRole('region', { name: 'Rechercher dans ce thème' })
    .getByRole('link', { name: topic.searches[0]!.label });
  expect(new URL((await search.getAttribute('href'))!, page.url()).searchParams.get('q')).toBe(topic.searches[0]!.q);
  await page.goto('/themes/');
  await expect(page.locator('ul.topics .topic-title')).toHaveText((await bundledTopics()).map((t) => t.title));
});

test('a record page links "Signaler une erreur sur cette fiche" to the publisher\'s address, with its id and title', async ({
  page,
}) => {
  await page.goto(`/fiches/${RECORDS.fact}/`);
  const link = page.getByRole('link', { name: 'Signaler une erreur sur cette fiche' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^mailto:corrections@permis\.example\?subject=/);
  const subject = decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!);
  expect(subject).toBe(
    `Erreur sur la fiche ${RECORDS.fact} : ${await page.getByRole('heading', { level: 1 }).textContent()}`,
  );
  expect(decodeURIComponent(/body=([^&]*)/.exec(href)![1]!)).toContain(page.url());
});

test.describe('with JavaScript off, on a plain static host', () => {
  test.use({ javaScriptEnabled: false });

  test('topics, lists, pager, breadcrumb and record pages work', async ({ page }) => {
    await page.goto(`${STATIC}/`);
    await page.getByRole('region', { name: 'Que voulez-vous faire ?' }).getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toBeVisible();
    await page.locator('ul.cards .card-title a').first().click();
    await expect(page.getByRole('link', { name: 'Signaler une erreur sur cette fiche' })).toBeVisible();
    await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link').nth(2).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('(page 1 sur');
    await page.getByRole('link', { name: /^Page suivante/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('(page 2 sur');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Toutes les fiches' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Toutes les fiches');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Thèmes' }).click();
    await expect(page.locator('ul.topics li')).toHaveCount((await bundledTopics()).length);
  });
});
