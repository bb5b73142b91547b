/** `npm run build`: validates the settings and records, then builds the site and API artefacts and swaps them into DIST_DIR. */
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { buildSite } from './lib/build-site.ts';

// Ctrl-C or SIGTERM stops Astro and removes the unfinished folder; DIST_DIR keeps the last good build.
const abort = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort.abort());

try {
  const settings = settingsOrExit(process.env);
  await buildSite(settings, { signal: abort.signal });
  console.log(`Built ${settings.DIST_DIR}/ for ${settings.SITE_URL}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
