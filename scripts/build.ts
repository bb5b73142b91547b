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
  // Astro's own report first when there is one (a record problem comes as its list alone, in the message).
  const { message, output } = error as Error & { output?: string };
  if (output && output !== message) console.error(output.trimEnd());
  console.error(message);
  process.exit(1);
}
