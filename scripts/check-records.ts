/** Validates every record file without building the site: `npm run check:records`. */
import { readRecords } from '../src/lib/records/read-records.ts';
import { RecordError } from '../src/lib/records/friendly-errors.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

const settings = settingsOrExit(process.env);
const dir = settings.CONTENT_DIR;
try {
  const facts = await readRecords(dir, settings.SITE_URL);
  console.log(`${facts.length} records in ${dir}: all valid`);
} catch (error) {
  if (!(error instanceof RecordError)) throw error;
  console.error(error.message);
  process.exit(1);
}
