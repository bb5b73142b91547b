/**
 * `npm run bench:search-vs -- --base DIR`: this checkout's in-process search against another checkout's, side by side
 * in one process, so that a shared machine's noise falls on both alike.
 */
import { answerHelp } from '../../lib/cli-help.ts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusDir } from '../bundled-corpus.ts';
import { percentile } from './measure-search.ts';
import type { FactsQuery, SearchEngine } from '../../../src/lib/search/index.ts';

const USAGE = 'usage: npm run bench:search-vs -- --base DIR [--sizes 10000,50000] [--rounds 1000]';
answerHelp(`${USAGE}

The query mix of \`npm run bench -- --search\` (top-k, ranking cache off) on two checkouts in one process: this one
and --base (a checkout of an older commit, with its node_modules reachable). Each engine is built by its own code
from the same corpus and its own synonyms file. Rounds alternate which engine goes first. Prints each query's median
and the mix's p50 and p99 per checkout, and their ratio. Nothing is written.
  --base DIR                the other checkout (for example: git worktree add --detach /tmp/base <commit>)
  --sizes 10000,50000       synthetic corpus sizes (generated under bench/tmp/, shared by both checkouts)
  --rounds 1000             rounds of the query mix`);

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    sizes: { type: 'string', default: '10000,50000' },
    rounds: { type: 'string', default: '1000' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const rounds = Number(values.rounds);
if (!values.base || sizes.some((n) => !Number.isInteger(n) || n < 1) || !(rounds >= 1)) {
  console.error(USAGE);
  process.exit(2);
}

const ROOT = join(import.meta.dirname, '../../..');
const base = resolve(values.base);
if (!existsSync(join(base, 'src/lib/search')) || !existsSync(join(base, 'scripts/bench/search/query-mix.ts'))) {
  console.error(`--base ${values.base}: no checkout of this project there (no src/lib/search, or no query mix)`);
  process.exit(2);
}

/** The search module's entry points in a checkout: today's layout, or the flat one before src/lib/search/index.ts. */
function modulesOf(tree: string) {
  const at = (path: string) => join(tree, path);
  if (existsSync(at('src/lib/search/index.ts')))
    return {
      build: at('src/lib/search/build.ts'),
      synonyms: at('src/lib/search/build.ts'),
      engine: at('src/lib/search/index.ts'),
    };
  return {
    build: at('src/lib/search/shard-build.ts'),
    synonyms: at('src/lib/search/synonyms-file.ts'),
    engine: at('src/lib/search/search-engine.ts'),
  };
}

interface Side {
  records: number;
  engine: SearchEngine;
  mix: FactsQuery[];
  times: number[];
  byQuery: number[][];
}

/** An engine of `tree`'s code over `dir`'s records, the ranking cache off, each query of its mix run once. */
async function open(tree: string, dir: string): Promise<Side> {
  const paths = modulesOf(tree);
  const { readRecords } = await import(join(tree, 'src/lib/records/read-records.ts'));
  const { buildShards, shardFileMap } = await import(paths.build);
  const { readSynonymsFile } = await import(paths.synonyms);
  const { openSearchEngine } = await import(paths.engine);
  const { QUERY_MIX } = await import(join(tree, 'scripts/bench/search/query-mix.ts'));
  const facts = await readRecords(dir, 'http://127.0.0.1');
  const synonyms = await readSynonymsFile(join(tree, 'content/synonyms.yaml'));
  const files: Map<string, string> = shardFileMap(buildShards(facts, { synonyms }));
  const engine: SearchEngine = await openSearchEngine(async (path: string) => files.get(path) ?? null, {
    cache: { rankings: { entries: 0, bytes: 0 } },
  });
  for (const query of QUERY_MIX) await engine.search(query);
  return { records: facts.length, engine, mix: QUERY_MIX, times: [], byQuery: QUERY_MIX.map(() => []) };
}

/** The p-th percentile of unsorted values. */
const percentileOf = (values: number[], p = 50) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

/** "a → b (+n %)": base's figure, then this checkout's, and the change with `digits` decimals. */
const change = (a: number, b: number, digits: number, unit = '') =>
  `${a.toFixed(3)} → ${b.toFixed(3)}${unit} (${b >= a ? '+' : ''}${((b / a - 1) * 100).toFixed(digits)} %)`;

/** A query of the mix as a line names it. */
const label = (q: FactsQuery) =>
  [`« ${q.q} »`, q.kind && `kind=${q.kind}`, q.region && `region=${q.region}`, q.offset && `offset=${q.offset}`]
    .filter(Boolean)
    .join(' ');

for (const size of sizes) {
  const dir = corpusDir(size);
  const sides = [await open(ROOT, dir), await open(base, dir)];
  const [now, then] = sides as [Side, Side];
  if (JSON.stringify(now.mix) !== JSON.stringify(then.mix))
    throw new Error('the two checkouts have different query mixes');
  // Building the shards left much garbage: collect it first (run with --expose-gc), not in the measured queries.
  (globalThis as { gc?: () => void }).gc?.();
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      for (let i = 0; i < side.mix.length; i++) {
        const started = performance.now();
        await side.engine.search(side.mix[i]!);
        const took = performance.now() - started;
        side.times.push(took);
        side.byQuery[i]!.push(took);
      }
    }
  }
  console.log(`\n# ${now.records} records, ${rounds} rounds; medians in ms, base → this checkout`);
  now.mix.forEach((query, i) => {
    console.log(`  ${label(query)}: ${change(percentileOf(then.byQuery[i]!), percentileOf(now.byQuery[i]!), 0)}`);
  });
  for (const p of [50, 99])
    console.log(`  mix p${p}: ${change(percentileOf(then.times, p), percentileOf(now.times, p), 1, ' ms')}`);
}
