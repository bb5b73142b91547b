/**
 * `npm run lighthouse`: builds if needed, serves the site on an ephemeral port and prints Lighthouse's mobile scores
 * (performance, accessibility, best practices, SEO) for the home, a record, the list and the search page.
 * A measurement, not a test: figures vary with the machine's load. Chromium: CHROME_PATH, default /usr/bin/chromium.
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../src/adapters/node/site-server.ts';
import { ensureBuild } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm run lighthouse

Builds if needed, serves the site on an ephemeral port and prints Lighthouse's mobile scores (performance,
accessibility, best practices, SEO) of the home, a record, the list, a topic and the search page, plain and with blended results (docs/site.md).
A measurement, not a test: figures vary with the load of the machine.
  CHROME_PATH        the Chromium to drive (default /usr/bin/chromium)
  LIGHTHOUSE_RECORD  the record page's id (default: a record of the bundled corpus)

${settingsHelp(['SITE_URL', 'CONTENT_DIR', 'DIST_DIR'])}`);

/** Pages measured, and the record page's id (any record of the corpus will do; the bundled one by default). */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'record', path: `/fiches/${process.env.LIGHTHOUSE_RECORD ?? 'fait-e895e5ca7dd9aa43'}/` },
  { name: 'list', path: '/fiches/' },
  { name: 'topic', path: '/themes/permis-etranger/' },
  { name: 'search', path: '/recherche/?q=permis%20provisoire' },
  // A first page with records lacking a word blended in (« Sans : durée »): the extra work of issue 20's blend.
  { name: 'search, blended', path: '/recherche/?q=duree%20validite%20permis' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const settings = settingsOrExit(process.env);
// Lighthouse loads after the help and settings checks: loading it takes seconds.
const [chromeLauncher, { default: lighthouse }] = await Promise.all([import('chrome-launcher'), import('lighthouse')]);
const build = await ensureBuild(settings, { log: console.log, onFailure: 'exit' });
// The host of SITE_URL, so that canonical links point to the origin measured (the port aside).
const host = new URL(settings.SITE_URL).hostname.replace(/^\[|\]$/g, '');
const { server } = createSiteServer({ ...settings, RATE_LIMIT_PER_MINUTE: 1_000_000 }, { log: () => {}, build });
await new Promise<void>((ready) => server.listen(0, host, ready));
const origin = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: FLAGS,
});
const rows: string[][] = [];
try {
  for (const page of PAGES) {
    // Lighthouse's default configuration: a mid-range phone, simulated slow 4G and CPU slowdown.
    const result = await lighthouse(`${origin}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result!.lhr;
    const score = (c: string) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const metric = (id: string) => lhr.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '-';
    const failed = Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id),
    );
    rows.push([
      page.name,
      ...CATEGORIES.map(score),
      metric('first-contentful-paint'),
      metric('largest-contentful-paint'),
      metric('total-blocking-time'),
      metric('cumulative-layout-shift'),
      failed.join(' ') || '-',
    ]);
  }
} finally {
  await chrome.kill();
  server.close();
}
const header = ['page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'audits below 100'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, ...rows])
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
console.log(
  '\nLighthouse mobile (default: emulated phone, simulated throttling). Figures vary with the load of the machine.',
);
