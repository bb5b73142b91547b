/**
 * `npm run bench -- --search [--sizes 355,10000,50000] [--rounds 30]`: the search engine alone, in process, over shards built
 * in memory from the bundled corpus ("355", whatever its count) or synthetic ones (no site build): uncached p50/p99 of the query mix for
 * each evaluator, and the worst case of the hostile set, warm and cold. Prints its figures and writes them to
 * bench/results/search.{md,json} and a dated copy; asserts nothing about time.
 */
import { answerHelp } from '../../lib/cli-help.ts';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readRecords } from '../../../src/lib/records/read-records.ts';
import { buildShards, shardFileMap, readSynonymsFile } from '../../../src/lib/search/build.ts';
import { openSearchEngine, createReferenceEvaluator } from '../../../src/lib/search/index.ts';
import { measureHostile } from './hostile.ts';
import { measureRecordMemory, measureTermMemory } from './measure-records.ts';
import { percentile } from './measure-search.ts';
import { QUERY_MIX } from './query-mix.ts';
import { BUNDLED_SIZE, BUNDLED_SIZE_HELP, corpusDir } from '../bundled-corpus.ts';
import { createResultFiles } from '../result-files.ts';

answerHelp(`usage: npm run bench -- --search [--sizes 355,10000,50000] [--rounds 30]

The search engine alone, in process, over shards built in memory (no site build): uncached p50/p99 of the query
mix with the exhaustive and the top-k evaluators side by side, the first query of each term (its term index built),
the worst case of the hostile query set (warm, and cold on fresh engines), and the memory of the term indices and of a record cache holding every
record; writes bench/results/search.{md,json} and a dated copy (docs/performance.md). ${BUNDLED_SIZE_HELP}. Times are CPU-noisy on a shared machine: read them as such.
  --sizes 355,10000,50000   corpus sizes
  --rounds 30               rounds of the query mix per evaluator`);

const ROOT = join(import.meta.dirname, '../../..');
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { sizes: { type: 'string', default: '355,10000,50000' }, rounds: { type: 'string', default: '30' } },
});
const sizes = values.sizes.split(',').map(Number);
const rounds = Number(values.rounds);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(rounds >= 1)) {
  console.error('usage: npm run bench -- --search [--sizes 355,10000,50000] [--rounds 30]');
  process.exit(2);
}

const resultFiles = createResultFiles(
  'search',
  `npm run bench -- --search --sizes ${sizes.join(',')} --rounds ${rounds}`,
);
const printed: string[] = [];
const measured: Record<string, unknown>[] = [];
/** Prints a line of the report and keeps it for the result files. */
const say = (line: string) => {
  console.log(line);
  printed.push(line);
};

for (const size of sizes) {
  const dir = corpusDir(size);
  const facts = await readRecords(dir, 'http://127.0.0.1');
  const files = shardFileMap(
    buildShards(facts, { synonyms: await readSynonymsFile(join(ROOT, 'content/synonyms.yaml')) }),
  );
  const read = async (path: string) => files.get(path) ?? null;
  say(
    `\n# search in process, ${size === BUNDLED_SIZE ? 'bundled' : 'synthetic'} corpus of ${facts.length} records (CPU-noisy shared machine)`,
  );
  const off = { rankings: { entries: 0, bytes: 0 } };
  const engines = {
    exhaustive: await openSearchEngine(read, { cache: off, evaluator: createReferenceEvaluator }),
    'top-k': await openSearchEngine(read, { cache: off }),
  };
  const figures: Record<string, number[]> = { exhaustive: [], 'top-k': [] };
  // The first pass decodes each term and, for top-k, builds its term index (term-index.ts): timed apart.
  const firsts: Record<string, number[]> = { exhaustive: [], 'top-k': [] };
  for (const [name, engine] of Object.entries(engines)) {
    for (const query of QUERY_MIX) {
      const started = performance.now();
      await engine.search(query);
      firsts[name]!.push(performance.now() - started);
    }
  }
  // Building the shards in this process left a large heap of garbage: collect it first (the bench runs with --expose-gc),
  // or a full collection of it lands in the measured queries' p99.
  (globalThis as { gc?: () => void }).gc?.();
  // Rounds alternate the evaluators, so that the machine's noise falls on both alike (and each one's garbage may be
  // collected in the other's time). CPU time per query (process.cpuUsage) is printed too: on a shared machine, wall
  // time also counts the time the process waited for a core.
  const cpu: Record<string, number[]> = { exhaustive: [], 'top-k': [] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, engine] of Object.entries(engines)) {
      for (const query of QUERY_MIX) {
        const usage = process.cpuUsage();
        const started = performance.now();
        await engine.search(query);
        figures[name]!.push(performance.now() - started);
        const used = process.cpuUsage(usage);
        cpu[name]!.push((used.user + used.system) / 1000);
      }
    }
  }
  const [old, now] = [figures.exhaustive!.sort((a, b) => a - b), figures['top-k']!.sort((a, b) => a - b)];
  const [oldCpu, nowCpu] = [cpu.exhaustive!.sort((a, b) => a - b), cpu['top-k']!.sort((a, b) => a - b)];
  const cpuOf = (list: number[]) =>
    `(CPU p50 ${percentile(list, 50).toFixed(3)} ms, p99 ${percentile(list, 99).toFixed(3)} ms)`;
  say(
    `  query mix, uncached, exhaustive evaluator: p50 ${percentile(old, 50).toFixed(3)} ms, p99 ${percentile(old, 99).toFixed(3)} ms (${old.length} queries) ${cpuOf(oldCpu)}`,
  );
  say(
    `  query mix, uncached, top-k evaluator:      p50 ${percentile(now, 50).toFixed(3)} ms, p99 ${percentile(now, 99).toFixed(3)} ms (${now.length} queries) ${cpuOf(nowCpu)}`,
  );
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  say(
    `  top-k speed-up on the whole mix: ${(sum(old) / sum(now)).toFixed(1)}× (p50 ${(percentile(old, 50) / percentile(now, 50)).toFixed(1)}×); target at 50,000: p50 ≤ 1 ms, p99 ≤ 5 ms; ≥ 10× on the 10,000 mix`,
  );
  const most = (list: number[]) => Math.max(...list).toFixed(2);
  say(
    `  first query of the mix's terms (shards decoded, term indices built): exhaustive worst ${most(firsts.exhaustive!)} ms, top-k worst ${most(firsts['top-k']!)} ms, top-k whole pass ${sum(firsts['top-k']!).toFixed(1)} ms`,
  );
  const engine = engines['top-k'];
  const terms = engine.termUsage();
  const heap = process.memoryUsage();
  say(
    `  term indices after the mix: ${terms.entries} terms, ${(terms.bytes / 2 ** 20).toFixed(1)} MiB counted; process heap ${(heap.heapUsed / 2 ** 20).toFixed(0)} MiB, RSS ${(heap.rss / 2 ** 20).toFixed(0)} MiB`,
  );
  const records = await measureRecordMemory(facts, files);
  say(
    `  record cache holding all ${records.records} records (NODE_RECORD_CACHE; ${(records.jsonBytes / 2 ** 20).toFixed(1)} MiB of JSON): heap +${records.heapMB.toFixed(1)} MiB, RSS +${records.rssMB.toFixed(1)} MiB; record files read by a second pass: ${records.secondPassReads}`,
  );
  say(
    `  document blocks of all ${records.records} records (NODE_SEARCH_FILES, where a list answer finds its ids): heap +${records.blocks.heapMB.toFixed(1)} MiB, RSS +${records.blocks.rssMB.toFixed(1)} MiB; block files read by a second pass: ${records.blocks.secondPassReads}`,
  );
  const termMemory = await measureTermMemory(files);
  say(
    `  the index preloaded as the Node server does (every term decoded, built and ordered; NODE_SEARCH_FILES, NODE_TERM_INDICES): ${termMemory.terms} terms, heap +${termMemory.heapMB.toFixed(1)} MiB, RSS +${termMemory.rssMB.toFixed(1)} MiB; a second preload read ${termMemory.secondPassReads} term files; term indices kept ${termMemory.keptTermIndices} of ${termMemory.terms}`,
  );
  const hostile = await measureHostile(engine, () => openSearchEngine(read, { cache: off }));
  for (const f of hostile)
    say(
      `  hostile "${f.name}": CPU median ${f.cpuMs.toFixed(2)} ms, worst ${f.worstCpuMs.toFixed(2)} ms, cold ${f.coldCpuMs.toFixed(2)} ms; search page cold ${f.pageColdCpuMs.toFixed(2)} ms, its partial fill alone cold ${f.fillColdCpuMs.toFixed(2)} ms; ${f.units} units${f.exhausted ? ' (budget spent)' : ''}; total ${f.total}, ${f.suggestions} suggestions`,
    );
  const worst = hostile.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const coldest = hostile.reduce((a, b) => (b.coldCpuMs > a.coldCpuMs ? b : a));
  const target = facts.length <= 1000 ? 5 : 20;
  say(`  hostile worst (median CPU): ${worst.cpuMs.toFixed(2)} ms, "${worst.name}"; target ${target} ms`);
  say(
    `  hostile worst on a fresh engine (cold, median CPU): ${coldest.coldCpuMs.toFixed(2)} ms, "${coldest.name}"; target ${target} ms`,
  );
  const summary = (times: number[], cpuTimes: number[]) => ({
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuP50: percentile(cpuTimes, 50),
    cpuP99: percentile(cpuTimes, 99),
  });
  measured.push({
    size,
    records: facts.length,
    exhaustive: summary(old, oldCpu),
    topK: summary(now, nowCpu),
    speedUp: { mix: sum(old) / sum(now), p50: percentile(old, 50) / percentile(now, 50) },
    firstQueryWorstMs: { exhaustive: Math.max(...firsts.exhaustive!), topK: Math.max(...firsts['top-k']!) },
    recordMemory: records,
    termMemory,
    hostile,
  });
  // Written after each size, so a failure at a larger size keeps the figures measured before it.
  await resultFiles.write({
    json: { rounds, results: measured },
    markdown: `# Search in process (npm run bench -- --search)\n\n\`\`\`\n${printed.join('\n').trim()}\n\`\`\`\n`,
  });
}
