/** Validates every record file, the topics file and the synonyms file without building the site, then reports freshness: `npm run check:records`. */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import type { ReadCache } from '../src/lib/records/read-records.ts';
import { formatFreshness, freshnessReport } from '../src/lib/records/freshness.ts';
import { topicsFileOf } from '../src/lib/topics/read-topics.ts';
import { readContent } from './lib/read-content.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm run check:records

Validates every record file of CONTENT_DIR (schema, ids, links, file limits), the topics file and SYNONYMS_FILE
without building; exit 1 with one line per problem (docs/publishing.md#checking-records). Then reports freshness: records never verified, verified
more than FRESHNESS_MONTHS ago, taking effect in the future, facts without an official source, contradicting dates;
exit 1 when FRESHNESS_FAIL_ON names a kind of item found (docs/publishing.md#freshness).

${settingsHelp(['CONTENT_DIR', 'SYNONYMS_FILE', 'FRESHNESS_MONTHS', 'FRESHNESS_FAIL_ON'])}`);

const settings = settingsOrExit(process.env);
const dir = settings.CONTENT_DIR;
// The parsed files, kept by readRecords: the freshness report points at their lines.
const files: ReadCache = new Map();
// Records, topics and synonyms in one pass: the problems of all three, the records' first.
const read = await readContent(settings, files);
if (read.facts) console.log(`${read.facts.length} records in ${dir}: all valid`);
const file = topicsFileOf(settings);
if (read.topics)
  console.log(
    read.topics.length > 0
      ? `${read.topics.length} topics in ${file.path}: all valid`
      : `no topics (${file.path} absent)`,
  );
if (read.synonyms) console.log(`${read.synonyms.rules.length} synonym rules in ${settings.SYNONYMS_FILE}: all valid`);
for (const error of read.errors) console.error(error.message);
if (read.errors.length > 0) process.exit(1);
const parsed = [...files.values()].flatMap(({ result }) => (result.ok ? [result.value] : []));
const items = freshnessReport(parsed, {
  months: settings.FRESHNESS_MONTHS,
  today: new Date().toISOString().slice(0, 10),
});
console.log(formatFreshness(items, settings.FRESHNESS_MONTHS));
const failOn = settings.FRESHNESS_FAIL_ON;
const failing = items.filter((item) => failOn.includes('all') || failOn.includes(item.kind));
if (failing.length > 0) {
  console.error(
    `${failing.length} freshness item${failing.length === 1 ? '' : 's'} fail the check (FRESHNESS_FAIL_ON=${failOn.join(',')})`,
  );
  process.exit(1);
}
