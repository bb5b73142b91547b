/** Validates every record file without building the site: `npm run check:records`. */
import { readRecords } from '../src/lib/records/read-records.ts';
import { RecordError } from '../src/lib/records/friendly-errors.ts';

const dir = process.env.CONTENT_DIR ?? 'content/records';
try {
  const facts = await readRecords(dir, process.env.SITE_URL ?? 'http://localhost:4321');
  console.log(`${facts.length} records in ${dir}: all valid`);
} catch (error) {
  if (!(error instanceof RecordError)) throw error;
  console.error(error.message);
  process.exit(1);
}
