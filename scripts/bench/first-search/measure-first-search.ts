/**
 * First search on a plain static host, in Chromium with a cold cache: bytes transferred and time to the
 * first results, for this site's sharded index and for Pagefind indexing the same record pages.
 * Each query runs in a fresh browser context (empty cache); figures are medians over the queries.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { apiPages, besideBlended, differences, type ShownPage } from './api-parity.ts';
import { buildPagefindBundle } from './pagefind-index.ts';
import { serveCompressed } from './serve-compressed.ts';

/** One query's figures. */
export interface QueryFigures {
  q: string;
  /** Bytes on the wire (compressed bodies + headers) of search code and data: /search/* and /_astro/* here, /pagefind/* for Pagefind. */
  bytes: number;
  requests: number;
  /** From submitting the query to the results on screen (ms; includes Playwright's own round trips). */
  ms: number;
  results: number;
  /** This site only: how the page differs from the API's answer on the same build (empty when it shows the same). */
  mismatches?: string[];
}

/** An engine's figures over the query set. */
export interface EngineFigures {
  medianBytes: number;
  medianMs: number;
  queries: QueryFigures[];
}

/** Both engines side by side, and how many of this site's queries showed something other than the API. */
export interface FirstSearchFigures {
  site: EngineFigures;
  pagefind: EngineFigures;
  /** Queries whose page (ids, order, total, suggestions) differs from the API's answer: must be 0. */
  apiMismatches: number;
}

/** Results per page in the browser (src/browser/search-state.ts): the API is asked for as many. */
const PAGE_SIZE = 20;

/** The five first searches: common and rare words, one to three words, an accent, a verb form. */
export const FIRST_SEARCH_QUERIES = [
  'permis provisoire',
  'examen théorique',
  'alcool',
  'conduite accompagnée',
  'tracteur remorque',
];

// Pagefind's own API on an empty page: search, then load the first 20 results' data (title and excerpt), as a result list would.
const PAGEFIND_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>pagefind</title><body><script type="module">
window.runSearch = async (q) => {
  const pf = await import('/pagefind/pagefind.js');
  const search = await pf.search(q);
  const data = await Promise.all(search.results.slice(0, 20).map((r) => r.data()));
  document.body.dataset.results = String(search.results.length);
  return data.length;
};
</script></body></html>`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Counts the wire bytes of requests whose path matches `counted`, from now on. */
function meter(page: Page, counted: (path: string) => boolean) {
  const totals = { bytes: 0, requests: 0 };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (!counted(new URL(request.url()).pathname)) return;
    pending.push(
      request.sizes().then((s) => {
        totals.bytes += s.responseBodySize + s.responseHeadersSize;
        totals.requests += 1;
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return totals;
  };
}

/**
 * What the search page shows now: the ids of its records holding every word, in order (the first page also blends in
 * records lacking a word, marked data-missing, which the API never lists), how many it blends in, the total of its
 * status line, the suggested corrections.
 */
async function shownPage(page: Page): Promise<ShownPage & { blended: number }> {
  const ids = await page
    .locator('[data-search-results] li:not([data-missing])')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id ?? ''));
  const blended = await page.locator('[data-search-results] li[data-missing]').count();
  const status = (await page.locator('[data-search-status]').textContent()) ?? '';
  const total = /^Aucune/.test(status) ? 0 : Number(/^(\d+) fiche/.exec(status)?.[1] ?? NaN);
  const suggestions = await page.locator('[data-search-suggestions] a').allTextContents();
  return { ids, blended, total, suggestions };
}

/** Measures both engines on `distDir` (a built site) for `queries`. */
export async function measureFirstSearch(
  distDir: string,
  queries: readonly string[] = FIRST_SEARCH_QUERIES,
): Promise<FirstSearchFigures> {
  const bundle = await buildPagefindBundle(distDir);
  const host = await serveCompressed(
    [
      ['/pagefind/', bundle],
      ['/', distDir],
    ],
    { '/pagefind-search/': PAGEFIND_PAGE },
  );
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const api = apiPages(distDir, PAGE_SIZE);
  const browser = await chromium.launch({
    ...(existsSync(executablePath) ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    const run = async (engine: 'site' | 'pagefind', q: string): Promise<QueryFigures> => {
      const context = await browser.newContext({ locale: 'fr-BE' });
      const page = await context.newPage();
      try {
        const done = meter(
          page,
          engine === 'site'
            ? (p) => p.startsWith('/search/') || p.startsWith('/_astro/')
            : (p) => p.startsWith('/pagefind/'),
        );
        if (engine === 'site') {
          await page.goto(`${host.origin}/recherche/`, { waitUntil: 'load' });
          const started = performance.now();
          await page.locator('input[name=q]').first().fill(q);
          await page.locator('input[name=q]').first().press('Enter');
          await page
            .locator('[data-search-status]')
            .filter({ hasText: /fiche|Aucune/ })
            .waitFor();
          const ms = performance.now() - started;
          const shown = await shownPage(page);
          return {
            q,
            ...(await done()),
            ms,
            results: shown.ids.length + shown.blended,
            mismatches: differences(shown, besideBlended(await api(q), PAGE_SIZE, shown.blended)),
          };
        }
        await page.goto(`${host.origin}/pagefind-search/`, { waitUntil: 'load' });
        const started = performance.now();
        await page.evaluate(
          (query) => (window as unknown as { runSearch(q: string): Promise<number> }).runSearch(query),
          q,
        );
        const ms = performance.now() - started;
        const results = Number(await page.evaluate(() => document.body.dataset.results));
        return { q, ...(await done()), ms, results };
      } finally {
        await context.close();
      }
    };
    const figures = async (engine: 'site' | 'pagefind'): Promise<EngineFigures> => {
      const measured: QueryFigures[] = [];
      for (const q of queries) measured.push(await run(engine, q));
      return {
        medianBytes: median(measured.map((m) => m.bytes)),
        medianMs: median(measured.map((m) => m.ms)),
        queries: measured,
      };
    };
    const site = await figures('site');
    return {
      site,
      pagefind: await figures('pagefind'),
      apiMismatches: site.queries.filter((q) => q.mismatches?.length).length,
    };
  } finally {
    await browser.close();
    await host.close();
    await rm(dirname(bundle), { recursive: true, force: true });
  }
}
