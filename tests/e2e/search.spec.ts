import { expect, test } from '@playwright/test';
import { apiIds, blendedIds, exactIds, shownIds, waitForResults } from './support.ts';

test('the index loads only when a search box is used', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => r.url().includes('/search/') && loaded.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  await page.getByLabel('Rechercher une fiche').first().focus();
  // Opening search reads the manifest, the listing and the synonyms only; term shards wait for words.
  await expect
    .poll(() => loaded.sort())
    .toEqual(['/search/listing.json', '/search/manifest.json', '/search/synonyms.json']);
});

test('search ignores accents and case and highlights the matched words', async ({ page }) => {
  await page.goto('/recherche/?q=QUÔRVÉX');
  await waitForResults(page);
  const accented = await shownIds(page);
  await page.goto('/recherche/?q=quorvex');
  await waitForResults(page);
  expect(await shownIds(page)).toEqual(accented);
  expect(accented.length).toBeGreaterThan(0);
  await expect(page.locator('[data-search-results] mark').first()).toHaveText(/quorvex/i);
});

test('filters show counts and narrow the results, and the URL follows', async ({ page }) => {
  await page.goto('/recherche/?q=zyrkel');
  await waitForResults(page);
  const countOffers = await page.locator('[data-count-kind=offer]').textContent();
  expect(countOffers).toBe('(1)');
  await page.getByRole('radio', { name: /^Offres/ }).check();
  await expect(page).toHaveURL(/\?q=zyrkel&kind=offer$/);
  await expect.poll(() => shownIds(page)).toEqual(['offer-eac50d71e5361c97']);
  await page.getByRole('radio', { name: /^Bruxelles/ }).check();
  await expect(page).toHaveURL(/\?q=zyrkel&kind=offer&region=bruxelles$/);
  await expect(page.locator('[data-search-status]')).toHaveText('1 fiche trouvée.');
});

test('a shared search URL opens the same search, and Back restores the previous one', async ({ page, browser }) => {
  await page.goto('/recherche/?q=permis&region=wallonie');
  await waitForResults(page);
  const first = await shownIds(page);
  const other = await browser.newPage();
  await other.goto(page.url());
  await waitForResults(other);
  expect(await shownIds(other)).toEqual(first);
  await expect(other.getByLabel('Mots recherchés')).toHaveValue('permis');
  await expect(other.getByRole('radio', { name: /^Wallonie/ })).toBeChecked();
  await other.close();

  await page.getByRole('radio', { name: /^Flandre/ }).check();
  await expect(page).toHaveURL(/region=flandre/);
  await page.goBack();
  await expect(page).toHaveURL(/region=wallonie/);
  await expect(page.getByRole('radio', { name: /^Wallonie/ })).toBeChecked();
  await expect.poll(() => shownIds(page)).toEqual(first);
});

test('search can be operated with the keyboard alone', async ({ page }) => {
  await page.goto('/recherche/');
  await page.keyboard.press('Tab'); // skip link
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
  await page.getByLabel('Mots recherchés').focus();
  await page.keyboard.type('zyrkel');
  await page.keyboard.press('Enter');
  await waitForResults(page);
  await expect(page).toHaveURL(/\?q=zyrkel$/);
  await page.keyboard.press('Tab'); // the submit button
  await page.keyboard.press('Tab'); // the filters' summary (open on a wide screen)
  await page.keyboard.press('Tab'); // first kind radio ("Tous")
  await page.keyboard.press('ArrowDown'); // next kind with a match (kinds without "zyrkel" are hidden)
  await expect(page).toHaveURL(/kind=/);
  await expect(page.locator('[data-search-status]')).toHaveText(/^\d+ fiches? trouvées?\.$/);
  await page.keyboard.press('ArrowUp'); // back to "Tous"
  await expect(page).toHaveURL(/\?q=zyrkel$/);
  await expect.poll(() => shownIds(page)).toContain('offer-eac50d71e5361c97');
  // Tab onwards until a result link has the focus; Enter opens it.
  let onResult = false;
  for (let i = 0; i < 40 && !onResult; i++) {
    await page.keyboard.press('Tab');
    onResult = await page.evaluate(() => document.activeElement?.closest('[data-search-results] a') !== null);
  }
  expect(onResult).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fiches\/(offer-eac50d71e5361c97|brand-83ed988b6ad2ccfe)\/$/);
});

test('two-word searches need both words, like the API; records with one of them are only blended in, labelled', async ({
  page,
  request,
}) => {
  await page.goto('/recherche/?q=quorvex%20zyrkel');
  await waitForResults(page);
  const api = await apiIds(request, 'q=quorvex%20zyrkel');
  expect(await exactIds(page)).toEqual(api.ids);
  for (const { id, missing } of await blendedIds(page)) {
    expect(api.ids).not.toContain(id);
    expect(['quorvex', 'zyrkel']).toContain(missing);
  }
  // The exact words only (?exact=1): the API's answer and nothing else.
  await page.goto('/recherche/?q=quorvex%20zyrkel&exact=1');
  await waitForResults(page);
  expect(await shownIds(page)).toEqual(api.ids);
});

test('the text the page writes keeps French typography: a no-break space before « : » and « ? » and inside guillemets', async ({
  page,
}) => {
  // An ordinary space (U+0020) before a colon, a semicolon, a question or exclamation mark or a closing guillemet, or
  // after an opening one, lets a line start with the sign at 390 px.
  const loose = / [:;?!»]|« /;
  const written = () =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-search-suggestions], [data-search-status], [data-search-results] .missing, #aide-recherche',
        ),
      ].map((el) => el.textContent!),
    );
  for (const query of [
    'vitesse excessive amende',
    'provisiore',
    'provisiore&exact=1',
    'amende excès de vit',
    'je déménage en Flandre, que devient mon permis provisoire',
  ]) {
    await page.goto(`/recherche/?q=${query}`);
    await waitForResults(page);
    for (const text of await written()) expect(text, query).not.toMatch(loose);
  }
  await page.goto('/recherche/?q=vitesse excessive amende');
  await waitForResults(page);
  const box = await page.locator('[data-search-suggestions]').evaluate((el) => el.textContent!);
  expect(box).toMatch(/^Essayez .+ \(\d+ fiches?, sans\u00a0: excessive\)/);
  await page.goto('/recherche/?q=provisiore&exact=1');
  await waitForResults(page);
  expect(await page.locator('[data-search-suggestions]').evaluate((el) => el.textContent!)).toMatch(
    /^Vouliez-vous dire .+\u00a0\?$/,
  );
});

test('a U+FFFD left for a letter is read as an unknown letter: « th�orique » shows the results for « théorique »', async ({
  page,
}) => {
  await page.goto('/recherche/?q=th%EF%BF%BDorique');
  await waitForResults(page);
  const box = page.locator('[data-search-suggestions]');
  await expect(box).toContainText('Résultats pour « théorique »');
  // The reader's own words stay as typed only in the link to the exact words.
  await expect(box.locator('strong')).toHaveText('théorique');
  await expect(box.getByRole('link', { name: 'Rechercher exactement « th\uFFFDorique »' })).toBeVisible();
  expect((await shownIds(page)).length).toBeGreaterThan(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the search page says so plainly, says the words were not searched, and links to the lists', async ({
    page,
  }) => {
    // Typed on the home page, submitted: a static page cannot read ?q=, so the box is empty and the page says why.
    await page.goto('/');
    await page.getByLabel('Rechercher une fiche').first().fill('permis moto');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/recherche\/\?q=permis\+moto$/);
    const message = page.locator('[data-no-js]');
    await expect(message).toBeVisible();
    expect(await message.evaluate((el) => el.textContent)).toBe(
      "La recherche dans le navigateur nécessite JavaScript, qui est désactivé ou n'a pas pu se charger\u00a0: les mots saisis n'ont pas été cherchés, et la case ne peut pas les reprendre. Vous pouvez parcourir toutes les fiches par thème, par type ou par région, ou interroger l'API.",
    );
    // The lists that together hold every record, as the page that lists nothing offers them, and the API reference.
    expect(
      await message.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
    ).toEqual([
      ['par thème', '/themes/'],
      ['par type', '/types/'],
      ['par région', '/regions/'],
      ['API', '/api/'],
    ]);
  });
});

test('with JavaScript, the no-JavaScript message is gone', async ({ page }) => {
  await page.goto('/recherche/?q=permis');
  await waitForResults(page);
  await expect(page.locator('[data-no-js]')).toHaveCount(0);
});

test('filters with no match are hidden, the chosen one stays', async ({ page }) => {
  await page.goto('/recherche/?q=zyrkel');
  await waitForResults(page);
  await expect(page.locator('[data-count-kind=offer]')).toBeVisible();
  await expect(page.locator('label:has([data-count-kind=fact])')).toBeHidden();
  await page.goto('/recherche/?q=zyrkel&kind=fact');
  await waitForResults(page);
  await expect(page.locator('label:has([data-count-kind=fact])')).toBeVisible();
});

test('a question whose words are not all in the answer shows the answer, saying which words were left out', async ({
  page,
}) => {
  await page.goto('/recherche/');
  await page.getByLabel('Mots recherchés').fill('que risque-t-on en roulant avec un permis expiré');
  await page.keyboard.press('Enter');
  await waitForResults(page);
  // No record holds every word: the records lacking one are listed, each labelled, and the shortening is only offered.
  await expect(page.locator('[data-search-suggestions]')).toContainText('sans : roulant)');
  await expect(page.locator('[data-search-suggestions]')).not.toContainText('Résultats pour');
  expect((await shownIds(page)).slice(0, 3)).toContain('fait-9568182f4c73388c');
  await expect(page.locator('[data-search-results] li[data-id="fait-9568182f4c73388c"] .missing')).toHaveText(
    'Sans : roulant',
  );
});

test('records lacking one word are blended among the exact matches by score, each labelled « Sans : … » in its accessible description', async ({
  page,
  request,
}) => {
  const q = 'je déménage en Flandre, que devient mon permis provisoire ?';
  await page.goto('/recherche/');
  await page.getByLabel('Mots recherchés').fill(q);
  await page.keyboard.press('Enter');
  await waitForResults(page);
  // The exact matches keep the API's order; the records blended in are not among them and say which word they lack.
  const exact = await apiIds(request, `q=${encodeURIComponent(q)}`);
  expect(exact.total).toBeGreaterThan(0);
  expect(exact.total).toBeLessThan(20);
  expect(await exactIds(page)).toEqual(exact.ids);
  const blended = await blendedIds(page);
  expect(blended.length).toBeGreaterThan(0);
  expect((await shownIds(page)).length).toBeLessThanOrEqual(20);
  for (const { id } of blended) expect(exact.ids).not.toContain(id);
  const first = page.locator('[data-search-results] li[data-missing]').first();
  const label = `Sans : ${blended[0]!.missing}`;
  await expect(first.locator('.missing')).toHaveText(label);
  await expect(first.getByRole('link')).toHaveAccessibleDescription(label);
  // The record lacking the word holds the others: the search without that word finds it.
  const shorter = q.replace(blended[0]!.missing, ' ');
  expect((await apiIds(request, `q=${encodeURIComponent(shorter)}`)).ids).toContain(blended[0]!.id);
  // The live region says so.
  await expect(page.locator('[data-search-status]')).toContainText(
    /Parmi les résultats, \d+ fiches? sans .*«\u00a0.+\u00a0», marquées? «\u00a0Sans\u00a0: …\u00a0»\./,
  );
});

test('after a blended first page, the next pages list the exact matches it did not, each once, and nothing blended', async ({
  page,
  request,
}) => {
  const q = 'duree validite permis';
  const api = await apiIds(request, `q=${encodeURIComponent(q)}`);
  expect(api.total).toBeGreaterThan(20);
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}`);
  await waitForResults(page);
  const onFirst = await exactIds(page);
  expect((await blendedIds(page)).length).toBeGreaterThan(0);
  expect((await shownIds(page)).length).toBe(20);
  const pages = 1 + Math.ceil((api.total - onFirst.length) / 20);
  await expect(page.locator('[data-search-status]')).toContainText(
    `${api.total} fiches trouvées · page 1 sur ${pages}.`,
  );
  const walked = [...onFirst];
  for (let n = 2; n <= pages; n++) {
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${n}$`));
    await expect(page.locator('[data-search-status]')).toContainText(`page ${n} sur ${pages}`);
    expect(await blendedIds(page)).toEqual([]);
    walked.push(...(await shownIds(page)));
  }
  expect(walked).toEqual(api.ids);
});

test('a page past the last shows the last page, its address corrected, with a way back', async ({ page, request }) => {
  const q = 'duree validite permis';
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}`);
  await waitForResults(page);
  const status = (await page.locator('[data-search-status]').textContent()) ?? '';
  const last = Number(/page 1 sur (\d+)/.exec(status)?.[1]);
  expect(last).toBeGreaterThan(1);
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}&page=999`);
  await expect(page).toHaveURL(new RegExp(`page=${last}$`));
  await expect(page.locator('[data-search-status]')).toContainText(`page ${last} sur ${last}.`);
  expect((await shownIds(page)).length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Page précédente' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  // A query that finds nothing has one page: page=5 of it is page 1.
  await page.goto('/recherche/?q=xqwzvkj&page=5');
  await expect(page).toHaveURL(/q=xqwzvkj$/);
  expect((await apiIds(request, 'q=xqwzvkj')).total).toBe(0);
});

test('a query that no record holds whole lists the records lacking one word, each labelled, never a shortening in its place', async ({
  page,
  request,
}) => {
  const q = 'ai-je le droit de manger en conduisant';
  expect((await apiIds(request, `q=${encodeURIComponent(q)}`)).total).toBe(0);
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}`);
  await waitForResults(page);
  await expect(page.locator('[data-search-suggestions]')).not.toContainText('Résultats pour');
  const blended = await blendedIds(page);
  expect(blended.length).toBeGreaterThan(0);
  // Records lacking different words compete on one page, each saying which word it lacks.
  expect(new Set(blended.map((b) => b.missing)).size).toBeGreaterThan(1);
  for (const { id } of blended) {
    const missing = page.locator(`[data-search-results] li[data-id="${id}"] .missing`);
    await expect(missing).toHaveText(/^Sans\u00a0: .+/);
  }
  await expect(page.locator('[data-search-status]')).toContainText(
    /^Aucune fiche ne contient tous ces mots\. \d+ fiches? sans l’un des mots «\u00a0.+\u00a0», marquées «\u00a0Sans\u00a0: …\u00a0»\./,
  );
});

test('a first page still short of a page ends with records holding some of the words, under their own heading', async ({
  page,
  request,
}) => {
  const q = 'amende stationnement trottoir vélo';
  expect((await apiIds(request, `q=${encodeURIComponent(q)}`)).total).toBe(0);
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}`);
  await waitForResults(page);
  const ids = (section: string) =>
    page.locator(`${section} li`).evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id!));
  const shown = await shownIds(page);
  const section = page.locator('[data-search-partly]');
  await expect(section.getByRole('heading', { name: 'Avec une partie des mots' })).toBeVisible();
  const partly = await ids('[data-search-partly]');
  expect(partly.length).toBeGreaterThan(0);
  // Each record once on the page, and the page holds at most a page.
  expect(new Set([...shown, ...partly]).size).toBe(shown.length + partly.length);
  expect(shown.length + partly.length).toBeLessThanOrEqual(20);
  await expect(page.locator('[data-search-status]')).toContainText(
    new RegExp(`Ensuite, ${partly.length} fiches? avec une partie des mots\\.$`),
  );
  // A search whose first page is full has no such section.
  await page.goto('/recherche/?q=permis');
  await waitForResults(page);
  await expect(section).toBeHidden();
});

test('search as you type: the last word matches as a prefix while typing, and focus stays in the box; a submitted search completes it the same way, where the API finds nothing', async ({
  page,
  request,
}) => {
  await page.goto('/recherche/');
  const box = page.getByLabel('Mots recherchés');
  await box.focus();
  await page.keyboard.type('permis prov');
  await expect(page.locator('[data-search-status]')).toHaveText(/^\d+ fiches trouvées/);
  await expect.poll(() => shownIds(page)).toContain('fait-8efdda7b6fcc5437');
  await expect(box).toBeFocused();
  const typed = await shownIds(page);
  await page.keyboard.press('Enter');
  await waitForResults(page);
  await expect.poll(() => shownIds(page)).toEqual(typed);
  // The API keeps the spec's rule: every word present, never a prefix.
  const api = (await (await request.get('/api/v1/facts?po_live=1&limit=20&q=permis%20prov')).json()) as {
    total: number;
  };
  expect(api.total).toBe(0);
});

test.describe('on a phone', () => {
  // Playwright's iPhone 13 viewport: the browser's own bars taken off a 390 x 844 screen.
  const screen = { width: 390, height: 664 };
  test.use({ viewport: screen });
  test('the correction and the first results are on the first screen, the filters folded', async ({ page }) => {
    await page.goto('/recherche/?q=provisiore');
    await waitForResults(page);
    await expect(page.locator('[data-search-filters]')).not.toHaveAttribute('open');
    await expect(page.locator('[data-search-suggestions]')).toBeInViewport({ ratio: 1 });
    const title = await page
      .locator('[data-search-results] li a')
      .first()
      .evaluate((a) => a.getBoundingClientRect().bottom);
    expect(title).toBeLessThanOrEqual(screen.height);
  });

  test('a long question that no record holds whole still starts its first result on the first screen, and the status says what is shown', async ({
    page,
  }) => {
    await page.goto(`/recherche/?q=${encodeURIComponent('que risque-t-on en roulant avec un permis expiré')}`);
    await waitForResults(page);
    const firstLine = await page
      .locator('[data-search-results] li a')
      .first()
      .evaluate((a) => a.getBoundingClientRect().top + parseFloat(getComputedStyle(a).lineHeight));
    expect(firstLine).toBeLessThanOrEqual(screen.height);
    await expect(page.locator('[data-search-status]')).toContainText(
      /^Aucune fiche ne contient tous ces mots\. \d+ fiches? sans /,
    );
  });
});

test('a shared address whose last word is cut completes it, as typing does: permis de conduire records, not a correction', async ({
  page,
}) => {
  await page.goto('/recherche/?q=permis%20de%20condu');
  await waitForResults(page);
  await expect(page.locator('[data-search-suggestions]')).toBeHidden();
  const titles = await page.locator('[data-search-results] li h3, [data-search-results] li a').allTextContents();
  expect(titles.join(' ')).toMatch(/condui/i);
  await page.reload();
  await waitForResults(page);
  await expect(page.locator('[data-search-suggestions]')).toBeHidden();
});

test('a complete last word that finds nothing with the other words is completed, not dropped by a shortening: « amende excès de vit »', async ({
  page,
  request,
}) => {
  const q = 'amende excès de vit';
  const api = (await (await request.get(`/api/v1/facts?po_live=1&q=${encodeURIComponent(q)}`)).json()) as {
    total: number;
  };
  expect(api.total).toBe(0);
  await page.goto(`/recherche/?q=${encodeURIComponent(q)}`);
  await waitForResults(page);
  // Its records, not « Résultats pour « amende excès » » with the reader's word dropped; the page says what it did.
  await expect(page.locator('[data-search-status]')).toHaveText(
    /^Aucune fiche pour «\u00a0amende excès de vit\u00a0»\. Résultats avec un mot qui commence par «\u00a0vit\u00a0»\u00a0: \d+ fiches? trouvées?/,
  );
  const box = page.locator('[data-search-suggestions]');
  await expect(box).toHaveText(
    'Résultats avec un mot qui commence par « vit ». Rechercher exactement « amende excès de vit »',
  );
  expect((await shownIds(page)).length).toBeGreaterThan(0);
  // The exact words, on request: nothing, and the shortening offered.
  await box.getByRole('link', { name: 'Rechercher exactement « amende excès de vit »' }).click();
  await expect(page).toHaveURL(/exact=1/);
  await expect(page.locator('[data-search-status]')).toHaveText(/^Aucune fiche ne contient tous ces mots/);
  await expect(box).toContainText('amende excès');
});

test('a query whose words no record holds names them and leads on to the lists that hold every record', async ({
  page,
}) => {
  await page.goto('/recherche/?q=je%20suis%20daltonien');
  const status = page.locator('[data-search-status]');
  await expect(status).toHaveText(
    'Aucune fiche ne contient « daltonien ». Essayez d’autres mots, ou parcourez les fiches par thème, par type ou par région.',
  );
  expect(await shownIds(page)).toEqual([]);
  await expect(page.locator('[data-search-suggestions]')).toBeHidden();
  await page.goto('/recherche/?q=daltonien%20zzkqx');
  await expect(status).toHaveText(/^Aucune fiche ne contient «\u00a0daltonien\u00a0» ni «\u00a0zzkqx\u00a0»\. Essayez/);
  await status.getByRole('link', { name: 'par thème' }).click();
  await expect(page).toHaveURL(/\/themes\/$/);
});

test('a last word that records hold but that may grow (« examen théo ») lists the same page typed and reloaded: the API’s records, then « théorique » ones', async ({
  page,
  request,
}) => {
  const api = (await (await request.get('/api/v1/facts?po_live=1&limit=20&q=examen%20th%C3%A9o')).json()) as {
    results: { id: string }[];
    total: number;
  };
  expect(api.total).toBeGreaterThan(0);
  expect(api.total).toBeLessThan(20);
  await page.goto('/recherche/');
  const box = page.getByLabel('Mots recherchés');
  await box.focus();
  await page.keyboard.type('examen théo');
  await expect(page.locator('[data-search-status]')).toHaveText(
    new RegExp(
      `^${api.total} fiches? trouvées?.* Parmi les résultats, \\d+ fiches? avec un mot qui commence par «\u00a0théo\u00a0»\\.`,
    ),
  );
  await expect.poll(async () => (await shownIds(page)).length).toBeGreaterThan(api.total);
  const typed = await shownIds(page);
  // The API's records keep its order among the others (one that the completions outscore goes to page 2, blend.ts).
  const exact = typed.filter((id) => api.results.some((r) => r.id === id));
  expect(exact.length).toBeGreaterThan(0);
  expect(exact).toEqual(api.results.map((r) => r.id).slice(0, exact.length));
  const titles = await page.locator('[data-search-results] li a').allTextContents();
  expect(titles.join(' ')).toMatch(/théorique/i);
  await page.reload();
  await waitForResults(page);
  await expect.poll(() => shownIds(page)).toEqual(typed);
});
