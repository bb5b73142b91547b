/** `npm run import -- <base_url> [--out DIR] [--prune] [--overwrite] [--dry-run]`: reads every record of a deployment of the spec into record files. */
import { parseArgs } from 'node:util';
import { formatSummary, runImport } from './lib/run-import.ts';
import { refuseArguments } from './lib/cli-help.ts';
import { apiBaseOf } from '../src/conformance/api-base.ts';

const USAGE = `usage: npm run import -- <base_url> [--out DIR] [--prune] [--overwrite] [--dry-run] [--walk]
  Reads every record of a deployment of the spec (this project's npm start or npm run edge, a static host, another
  implementation) from the download its catalogue advertises (one request, SHA-256 checked), else through GET /facts,
  and writes one record file per record into DIR (default: CONTENT_DIR, else content/records). Re-running rewrites
  only the records that changed at the source; DIR/.import-state.json remembers what each source's import wrote.
  base_url     the site (https://example.org) or its API base (https://example.org/api/v1)
  --out DIR    the folder of record files to write
  --prune      delete the files of records an import of this source wrote and the source no longer has (else they
               are listed and kept); records it did not write are never deleted
  --overwrite  the source wins over edits made here: files edited since the last import are rewritten (else kept
               and listed)
  --dry-run    read and compare, write nothing (and check nothing)
  --walk       read through GET /facts even when the deployment offers a download
  Stays under 118 requests a minute (the spec's default quota is 120). Exit code 1 when any record failed, a file of
  a record cannot be read, or the folder holds what the build refuses; 0 when records edited here were only kept.`;

const options = {
  out: { type: 'string' },
  prune: { type: 'boolean' },
  overwrite: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  walk: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    return refuseArguments((error as Error).message, USAGE);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1)
  refuseArguments(
    positionals.length === 0
      ? 'missing <base_url>'
      : `expected one <base_url>, got ${positionals.length}: ${positionals.join(' ')}`,
    USAGE,
  );
const address = apiBaseOf(positionals[0]!);
if (!address.ok) refuseArguments(address.problem, USAGE);
const baseUrl = address.base;
const out = values.out ?? (process.env.CONTENT_DIR || 'content/records');
const tty = process.stderr.isTTY;
const started = performance.now();
const summary = await runImport({
  baseUrl,
  out,
  prune: values.prune ?? false,
  overwrite: values.overwrite ?? false,
  dryRun: values['dry-run'] ?? false,
  walk: values.walk ?? false,
  ...(tty
    ? { onProgress: (read: number, total: number) => process.stderr.write(`\rread ${read}/${total} records`) }
    : {}),
});
if (tty) process.stderr.write('\n');
console.log(
  `${formatSummary(summary, { out, prune: values.prune ?? false, dryRun: values['dry-run'] ?? false })} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(summary.exitCode);
