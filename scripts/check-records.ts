/** Validates every record file and the topics file without building the site: `npm run check:records`. */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { readRecords } from '../src/lib/records/read-records.ts';
import { RecordError } from '../src/lib/records/friendly-errors.ts';
import { readTopics, TopicError, topicsFileOf } from '../src/lib/topics/read-topics.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm run check:records

Validates every record file of CONTENT_DIR (schema, ids, links, file limits) without building; exit 1 with one
line per problem (docs/publishing.md#checking-records).

${settingsHelp(['CONTENT_DIR'])}`);

const settings = settingsOrExit(process.env);
const dir = settings.CONTENT_DIR;
try {
  const facts = await readRecords(dir, settings.SITE_URL);
  console.log(`${facts.length} records in ${dir}: all valid`);
  const file = topicsFileOf(settings);
  const topics = await readTopics(file, new Set(facts.map((f) => f.id)));
  console.log(topics.length > 0 ? `${topics.length} topics in ${file.path}: all valid` : `no topics (${file.path} absent)`);
} catch (error) {
  if (!(error instanceof RecordError || error instanceof TopicError)) throw error;
  console.error(error.message);
  process.exit(1);
}
