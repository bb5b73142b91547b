/** `npm run corpus:generate -- --count N --out DIR --seed S`: writes N synthetic, valid, deterministic records. */
import { answerHelp } from './lib/cli-help.ts';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateRecords } from '../src/lib/synthetic/generate.ts';

answerHelp(`usage: npm run corpus:generate -- --count N --out DIR [--seed S]

Writes N synthetic, valid, deterministic record files (synthetique-*.md) to DIR, for benchmarks; the same seed
gives the same files. DIR must be empty or hold only generated records.
  --count N   number of records, at least 1
  --out DIR   output directory
  --seed S    integer seed (default 1)`);

const { values } = parseArgs({
  options: { count: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !values.out || !Number.isInteger(seed)) {
  console.error('usage: npm run corpus:generate -- --count N --out DIR [--seed S]   (N ≥ 1, S an integer, default 1)');
  process.exit(2);
}
await mkdir(values.out, { recursive: true });
// Replace only generated files; refuse to mix with anything else.
const existing = await readdir(values.out);
const foreign = existing.filter((name) => !name.startsWith('synthetique-'));
if (foreign.length) {
  console.error(
    `${values.out} holds files that are not generated records (${foreign.slice(0, 3).join(', ')}…); choose an empty directory`,
  );
  process.exit(2);
}
await Promise.all(existing.map((name) => rm(join(values.out!, name))));
const started = performance.now();
let written = 0;
const batch: Promise<void>[] = [];
for (const file of generateRecords(count, seed)) {
  batch.push(writeFile(join(values.out, file.name), file.source));
  written += 1;
  if (batch.length === 256) await Promise.all(batch.splice(0));
}
await Promise.all(batch);
console.log(
  `${written} records written to ${values.out} (seed ${seed}) in ${Math.round(performance.now() - started)} ms`,
);
