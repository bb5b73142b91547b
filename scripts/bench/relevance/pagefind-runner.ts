/**
 * Pagefind's rankings for the judged queries. Pagefind (default settings) indexes the built record pages
 * (dist/fiches/<id>/index.html) through its Node API; its search runs in Chromium, as on a site.
 * Filters: each page gets empty elements `data-pagefind-filter="kind:<kind>"` and one
 * `data-pagefind-filter="region:<region>"` per declared region, added to the HTML handed to the indexer
 * (the files on disk are untouched, and empty elements add no words); a query's region/kind become
 * Pagefind filters, which match as the API's do (a record matches a region it declares).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import * as pagefind from 'pagefind';
import { chromium } from '@playwright/test';
import { readFullListing } from '../../../src/lib/search/index.ts';
import { KINDS, REGIONS } from '../../../src/lib/schema/vocabulary.ts';
import type { JudgedQuery } from './judgments.ts';
import { MRR_DEPTH } from './metrics.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

/** The filter elements of one record, from the listing's kind index and region bitmask. */
function filterElements(kind: number, regions: number): string {
  const tags = [`<span data-pagefind-filter="kind:${KINDS[kind]}"></span>`];
  REGIONS.forEach((region, bit) => {
    if (regions & (1 << bit)) tags.push(`<span data-pagefind-filter="region:${region}"></span>`);
  });
  return tags.join('');
}

/** Indexes the record pages of `distDir` into a temporary folder; returns it. */
async function buildPagefind(distDir: string): Promise<string> {
  const listing = await readFullListing((path) => readFile(join(distDir, path), 'utf8'));
  const out = await mkdtemp(join(tmpdir(), 'relevance-pagefind-'));
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const pages = new Set(await readdir(join(distDir, 'fiches')));
  for (const [i, id] of listing.ids.entries()) {
    if (!pages.has(id)) throw new Error(`pagefind: no page dist/fiches/${id}/`);
    const html = await readFile(join(distDir, 'fiches', id, 'index.html'), 'utf8');
    const content = html.replace('</body>', `${filterElements(listing.kinds[i]!, listing.regions[i]!)}</body>`);
    const added = await index.addHTMLFile({ url: `/fiches/${id}/`, content });
    if (added.errors.length) throw new Error(`pagefind: ${id}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath: join(out, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  return out;
}

/** Serves `root` (the Pagefind bundle) and an empty page on 127.0.0.1, without CSP, so pagefind.js can run. */
function serve(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="fr"><title>bench</title></html>');
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(await readFile(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** Runs every query through Pagefind in Chromium; returns record ids best first (up to MRR_DEPTH), by query id. */
export async function runPagefind(distDir: string, queries: readonly JudgedQuery[]): Promise<Map<string, string[]>> {
  const root = await buildPagefind(distDir);
  const site = await serve(root);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    ...(existsSync(executablePath) ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/`);
    const input = queries.map((q) => ({
      id: q.id,
      q: q.q,
      filters: { ...(q.kind ? { kind: q.kind } : {}), ...(q.region ? { region: q.region } : {}) },
    }));
    const answers = await page.evaluate(
      async ({ input, depth }) => {
        const pf = await import('/pagefind/pagefind.js' as string);
        await pf.init();
        const out: [string, string[]][] = [];
        for (const { id, q, filters } of input) {
          const search = await pf.search(q, { filters });
          const data = await Promise.all(
            search.results.slice(0, depth).map((r: { data(): Promise<{ url: string }> }) => r.data()),
          );
          out.push([id, data.map((d: { url: string }) => d.url)]);
        }
        return out;
      },
      { input, depth: MRR_DEPTH },
    );
    const idOf = (url: string) => /\/fiches\/([^/]+)\/?$/.exec(url)?.[1] ?? url;
    return new Map(answers.map(([id, urls]) => [id, urls.map(idOf)]));
  } finally {
    await browser.close();
    await site.close();
    await rm(root, { recursive: true, force: true });
  }
}
