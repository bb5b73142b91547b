/**
 * npm run search:report [-- --url http://127.0.0.1:4321] [-- --file report.json] [-- --top 20]
 * Lists the queries that found nothing (most counted first), read from a running server's protected route
 * GET /api/v1/_zero-results (SEARCH_REPORT_TOKEN in the environment) or from a saved answer (--file), with
 * candidate synonym entries where a record holds a close word (the build in DIST_DIR gives the vocabulary).
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultSiteUrl } from '../src/lib/config.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { ZERO_RESULTS_PATH } from '../src/lib/api/zero-results-route.ts';
import type { WordFile } from '../src/lib/search/index.ts';
import type { ZeroResultCount } from '../src/lib/api/zero-results.ts';
import { renderSearchReport } from './lib/search-report.ts';

answerHelp(`usage: npm run search:report -- [--url BASE_URL] [--file SAVED.json] [--top N]

Lists the searches that found nothing, most counted first, with candidate entries for content/synonyms.yaml where
a record holds a close word (docs/search.md#what-people-could-not-find).
  --url BASE_URL   read GET /api/v1/_zero-results of that server (default: SITE_URL), with SEARCH_REPORT_TOKEN
  --file FILE      read a saved answer of that route instead
  --top N          how many queries to list (default 20)

${settingsHelp(['SITE_URL', 'SEARCH_REPORT_TOKEN', 'DIST_DIR'])}`);

const settings = settingsOrExit(process.env);
const { values: args } = parseArgs({
  options: { url: { type: 'string' }, file: { type: 'string' }, top: { type: 'string', default: '20' } },
});
const top = Number(args.top);
/** Stops the command with one line saying what is wrong, not a stack trace. */
function fail(message: string): never {
  console.error(`search:report: ${message}`);
  process.exit(1);
}
if (!Number.isInteger(top) || top < 1) fail(`--top must be a positive integer, got ${JSON.stringify(args.top)}`);

async function load(): Promise<{ queries: ZeroResultCount[] }> {
  if (args.file) {
    const text = await readFile(args.file, 'utf8').catch((error: Error) =>
      fail(`cannot read --file ${args.file}: ${error.message}`),
    );
    try {
      return JSON.parse(text) as { queries: ZeroResultCount[] };
    } catch (error) {
      fail(`--file ${args.file} is not JSON: ${(error as Error).message}`);
    }
  }
  const token = settings.SEARCH_REPORT_TOKEN;
  if (!token) fail("set SEARCH_REPORT_TOKEN (the server's own) to read the report, or pass --file");
  const url = new URL(ZERO_RESULTS_PATH, args.url ?? defaultSiteUrl(settings.HOST, settings.PORT));
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch((error: Error) =>
    fail(`${url}: ${error.cause instanceof Error ? error.cause.message : error.message} (is the server running?)`),
  );
  if (!response.ok) fail(`${url}: HTTP ${response.status} (is SEARCH_REPORT_TOKEN the server's?)`);
  return (await response.json()) as { queries: ZeroResultCount[] };
}

const { queries } = await load();
const wordsDir = join(settings.DIST_DIR, 'search/words');
const vocabulary: WordFile = [];
for (const name of (await readdir(wordsDir).catch(() => [])).filter((n) => n.endsWith('.json')))
  vocabulary.push(...(JSON.parse(await readFile(join(wordsDir, name), 'utf8')) as WordFile));
if (vocabulary.length === 0) console.error(`no vocabulary under ${wordsDir}: run npm run build for candidate synonyms`);
process.stdout.write(renderSearchReport(queries.slice(0, top), vocabulary));
