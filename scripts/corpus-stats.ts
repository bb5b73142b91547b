/** `npm run corpus:stats`: prints the corpus figures as markdown tables (the corpus figures a publisher checks before deploying). */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { readRecords } from '../src/lib/records/read-records.ts';
import { corpusStats } from '../src/lib/records/corpus-stats.ts';
import { RecordError } from '../src/lib/records/friendly-errors.ts';

answerHelp(`usage: npm run corpus:stats

Prints the figures of the corpus in CONTENT_DIR as markdown: records per kind and region, link coverage, text
lengths, verification metadata.

${settingsHelp(['CONTENT_DIR'])}`);

const settings = settingsOrExit(process.env);
try {
  const stats = corpusStats(await readRecords(settings.CONTENT_DIR, settings.SITE_URL));
  const pct = (n: number) => `${Math.round((100 * n) / stats.records)} %`;
  const table = (title: string, rows: Record<string, number>) =>
    [`| ${title} | records |`, '|---|---:|', ...Object.entries(rows).map(([k, n]) => `| ${k} | ${n} |`)].join('\n');
  console.log(`${stats.records} records in ${settings.CONTENT_DIR}\n`);
  console.log(table('kind', stats.byKind), '\n');
  console.log(table('region (a record may declare several)', stats.byRegion), '\n');
  console.log(`- with related records: ${stats.withRelated} (${pct(stats.withRelated)})`);
  console.log(`- words per text: min ${stats.words.min}, median ${stats.words.median}, max ${stats.words.max}`);
  console.log(
    `- with verified_at: ${stats.withVerifiedAt} (${pct(stats.withVerifiedAt)}); with evidence_kind: ${stats.withEvidenceKind} (${pct(stats.withEvidenceKind)})`,
  );
} catch (error) {
  if (!(error instanceof RecordError)) throw error;
  console.error(error.message);
  process.exit(1);
}
