/** Checks every external link of every record (sources, websites, links in the text): `npm run check:sources`. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { readRecords } from '../src/lib/records/read-records.ts';
import { RecordError } from '../src/lib/records/friendly-errors.ts';
import { extractLinks } from './lib/sources/extract-links.ts';
import { CHECK_SOURCES_DEFAULTS, checkAll } from './lib/sources/check-all.ts';
import { ResultCache } from './lib/sources/result-cache.ts';
import { buildReport, fails, formatMarkdown, formatTable } from './lib/sources/report.ts';
import { parseSourcesArgs } from './lib/sources/cli-options.ts';

const d = CHECK_SOURCES_DEFAULTS;
answerHelp(`usage: npm run check:sources [-- options]

Checks every external link of the records of CONTENT_DIR (sources, data objects' websites, links in the text):
at most --per-host requests at a time per host, --delay apart; HEAD, then GET when HEAD is refused; redirects
followed one by one; Retry-After honoured on 429 and 503. Results are cached; a run within --max-age of the last
check of a link sends no request for it (docs/publishing.md#checking-sources).

Options:
  --fail-on dead|moved|none   exit 1 on dead links (default), on dead or moved links, or never
  --json FILE                 write the report as JSON
  --markdown FILE             write the report as Markdown (e.g. $GITHUB_STEP_SUMMARY)
  --cache FILE                results file (default .cache/sources.json)
  --max-age DURATION          reuse results younger than this: 90m, 12h, 7d, 0 to check everything (default 7d)
  --per-host N                requests at a time per host (default ${d.perHost})
  --delay MS                  least time between two requests to one host (default ${d.delayMs})
  --concurrency N             addresses checked at once across hosts (default ${d.concurrency})
  --timeout MS                time a request may take to answer (default ${d.timeoutMs})
  --slow MS                   median answer time from which a host is reported slow (default ${d.slowMs})

Exit: 0 done, 1 --fail-on matched (or an invalid record), 2 bad option.

${settingsHelp(['CONTENT_DIR'])}`);

let options: ReturnType<typeof parseSourcesArgs>;
try {
  options = parseSourcesArgs(
    parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: Object.fromEntries(
        ['fail-on', 'json', 'markdown', 'cache', 'max-age', 'per-host', 'delay', 'concurrency', 'timeout', 'slow'].map(
          (name) => [name, { type: 'string' as const }],
        ),
      ),
    }).values,
  );
} catch (error) {
  console.error(`check:sources: ${(error as Error).message} (npm run check:sources -- --help)`);
  process.exit(2);
}
const settings = settingsOrExit(process.env);
try {
  await readRecords(settings.CONTENT_DIR, settings.SITE_URL);
} catch (error) {
  if (!(error instanceof RecordError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const uses = await extractLinks(settings.CONTENT_DIR);
const cache = await ResultCache.open(options.cache, (message) => console.error(message));
process.once('SIGINT', () => {
  // Every result is already on disk, or about to be: wait for the last write, then stop.
  void cache.flush().then(() => {
    console.error(`\ninterrupted: the results so far are in ${cache.path}; the next run checks only the rest`);
    process.exit(130);
  });
});
const tty = process.stderr.isTTY === true;
let dead = 0;
const outcome = await checkAll(uses, options.check, {
  cache,
  onResult: ({ result, done, total }) => {
    if (result.verdict === 'dead') dead++;
    if (tty)
      process.stderr.write(`\r\x1b[Kchecked ${done}/${total} addresses, ${dead} dead: ${result.url.slice(0, 60)}`);
  },
});
if (tty) process.stderr.write('\r\x1b[K');
const report = buildReport(
  uses,
  outcome.results,
  { fromCache: outcome.fromCache, requests: outcome.requests },
  options.check.slowMs,
  new Date(),
);
console.log(formatTable(report));
for (const [file, text] of [
  [options.json, `${JSON.stringify(report, null, 2)}\n`],
  [options.markdown, `${formatMarkdown(report)}\n`],
] as const) {
  if (!file) continue;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
process.exit(fails(report, options.failOn) ? 1 : 0);
