/**
 * `npm run dev`: the site and the API with live reload. Watches content/ (records, synonyms, other content files) and
 * src/; an edit rebuilds only what it touches and the open page reloads by itself. Not for production: use npm start.
 */
import { resolve } from 'node:path';
import { dev } from 'astro';
import { devIntegration } from './lib/dev-integration.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

if (process.argv.includes('--help')) {
  console.log(`usage: npm run dev
  Serves the site and /api/v1 on http://HOST:PORT (default localhost:4321) from the records of CONTENT_DIR, rendered
  on demand. Saving a record, content/synonyms.yaml, any file of content/ or of src/ reloads the open page; an
  invalid record is reported (file, line, code frame) and the last valid content stays on screen.
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
const server = await dev({
  root: resolve(import.meta.dirname, '..'),
  server: { port: settings.PORT, host: settings.HOST },
  integrations: [devIntegration({ ...settings, CONTENT_DIR: resolve(settings.CONTENT_DIR) })],
});
const { port } = server.address;
console.log(
  `permis-facts dev: ready on http://${settings.HOST}:${port}/ (API: /api/v1/), watching ${settings.CONTENT_DIR} and src/`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void server.stop().then(() => process.exit(0)));
