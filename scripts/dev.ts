/**
 * `npm run dev`: the site and the API with live reload. Watches content/ (records, synonyms, other content files) and
 * src/; an edit rebuilds only what it touches and the open page reloads by itself. Not for production: use npm start.
 */
import { resolve } from 'node:path';
import { dev } from 'astro';
import { recordsLoaderReadCache } from '../src/data/records-loader.ts';
import type { ReadCache } from '../src/lib/records/read-records.ts';
import { devIntegration } from './lib/dev-integration.ts';
import { readContent } from './lib/read-content.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

if (process.argv.includes('--help')) {
  console.log(`usage: npm run dev
  Serves the site and /api/v1 on http://HOST:PORT (default localhost:4321) from the records of CONTENT_DIR, rendered
  on demand. Saving a record, content/synonyms.yaml, any file of content/ or of src/ reloads the open page; an
  invalid record is reported (file, line, code frame) and the last valid content stays on screen. Invalid content
  at start-up: every problem is printed, as npm run check:records does, and it exits 1.
  Settings: PORT, HOST, SITE_URL, CONTENT_DIR as for npm start. For production use npm run build and npm start.`);
  process.exit(0);
}
const settings = settingsOrExit({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1' });
// astro.config.mjs and the content config read the settings from the environment.
Object.assign(process.env, {
  ASTRO_TELEMETRY_DISABLED: '1',
  SITE_URL: settings.SITE_URL,
  CONTENT_DIR: resolve(settings.CONTENT_DIR),
});
const contentDir = resolve(settings.CONTENT_DIR);
// Start-up needs valid content: with no valid records yet there is no last valid content to keep on screen, and
// pages, topics and API would show an empty site (docs/publishing.md#editing-with-live-reload-npm-run-dev).
const read: ReadCache = new Map();
const { errors } = await readContent(settings, read);
if (errors.length > 0) notStarted(errors.map((error) => error.message));
// The files read are the records loader's first read, by absolute path as it reads them: it parses none again.
const loaderCache = recordsLoaderReadCache(contentDir, settings.SITE_URL);
for (const [path, entry] of read) loaderCache.set(resolve(path), entry);
const server = await dev({
  root: resolve(import.meta.dirname, '..'),
  server: { port: settings.PORT, host: settings.HOST },
  integrations: [devIntegration({ ...settings, CONTENT_DIR: contentDir })],
}).catch((error: unknown) => {
  // A record saved invalid between the check above and Astro's first load: its problems, not a stack trace.
  if (error instanceof Error && error.name === 'RecordError') notStarted([error.message]);
  throw error;
});
const { port } = server.address;
console.log(
  `permis-facts dev: ready on http://${settings.HOST}:${port}/ (API: /api/v1/), watching ${settings.CONTENT_DIR} and src/`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void server.stop().then(() => process.exit(0)));

/** Prints every problem of the content as npm run check:records does, and exits 1 without serving. */
function notStarted(messages: readonly string[]): never {
  for (const message of messages) console.error(message);
  console.error(
    'npm run dev: not started: fix the files named above and run it again (npm run check:records checks them alone)',
  );
  process.exit(1);
}
