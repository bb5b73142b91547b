/** `npm run build`: validates the settings and records, then builds the static site and the API artefacts into dist/. */
import { readSettings } from '../src/lib/config.ts';
import { buildSite } from './lib/build-site.ts';

try {
  const settings = readSettings(process.env);
  await buildSite(settings);
  console.log(`Built ${settings.DIST_DIR}/ for ${settings.SITE_URL}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
