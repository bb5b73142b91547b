// Static build: pages, per-record JSON, catalogue, OpenAPI and search index all land in dist/.
// The /api/v1 rules (redirects, 405, 429, /facts queries) are applied by the handler in front of it.
import { defineConfig } from 'astro/config';
import { readSettings } from './src/lib/config.ts';

const settings = readSettings(process.env);

export default defineConfig({
  site: settings.SITE_URL,
  output: 'static',
  outDir: settings.DIST_DIR,
  // npm run build gives each run a cache folder of its own (scripts/lib/build-site.ts): Astro keeps the loaded records
  // there, and two builds of different records at once must not share them. Unset (astro dev, astro sync): the default.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  trailingSlash: 'ignore',
  // Never inline stylesheets either: the policy has no style-src 'unsafe-inline'.
  build: { format: 'directory', inlineStylesheets: 'never' },
  // No syntax highlighting: Shiki colours code with style attributes, which the policy refuses.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  // Never inline scripts: the Content-Security-Policy allows scripts from the site's own files only.
  vite: { build: { assetsInlineLimit: 0 } },
});
