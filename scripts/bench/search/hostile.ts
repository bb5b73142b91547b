/** The hostile query set of the bench: 300-character queries built to cost the most (docs/performance.md). */
import { QUERY_LIMITS } from '../../../src/lib/schema/limits.ts';
import {
  type SearchEngine,
  createWorkBudget,
  partialFill,
  sitePage,
  WORK_LIMITS,
} from '../../../src/lib/search/index.ts';

const cut = (words: string[]) => words.join(' ').slice(0, QUERY_LIMITS.qMaxLength).trim();
const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** Many unknown words, many mistyped words, one word repeated, many short words, every letter, many known words. */
export const HOSTILE_QUERIES: Record<string, string> = {
  'unknown words': cut(Array.from({ length: 60 }, (_, i) => `zorglub${letters[i % 26]}${letters[(i * 7) % 26]}`)),
  'mistyped words': cut(
    Array.from(
      { length: 60 },
      (_, i) => `${['permsi', 'condurie', 'exmaen', 'voitrue', 'fromation', 'théoriqeu'][i % 6]}${letters[i % 26]}`,
    ),
  ),
  'repeated word': cut(Array.from({ length: 60 }, () => 'permis')),
  'short words': cut(Array.from({ length: 100 }, (_, i) => `${letters[i % 26]}${letters[(i * 7 + 3) % 26]}`)),
  'every letter': cut(Array.from({ length: 150 }, (_, i) => letters[i % 26]!)),
  'known words': cut(
    Array.from(
      { length: 60 },
      (_, i) =>
        [
          'permis',
          'conduire',
          'examen',
          'candidat',
          'voiture',
          'formation',
          'théorique',
          'pratique',
          'commune',
          'centre',
          'règle',
          'région',
          'moto',
          'alcool',
          'tracteur',
          'médecin',
        ][i % 16]!,
    ),
  ),
  'known words, one unknown': cut([
    ...Array.from(
      { length: 40 },
      (_, i) => ['permis', 'conduire', 'examen', 'candidat', 'voiture', 'formation', 'théorique', 'pratique'][i % 8]!,
    ),
    'zyrkel',
  ]).slice(-QUERY_LIMITS.qMaxLength),
};

/** One hostile query's figures: CPU time of its search and suggestions, and the work units the suggestions spent. */
export interface HostileFigure {
  name: string;
  /** Median and worst CPU time of the rounds (the worst includes garbage collection and a shared machine's noise). */
  cpuMs: number;
  worstCpuMs: number;
  /** Median CPU time of the query on a fresh engine (COLD_ROUNDS of them): its shards decoded, its term indices built. */
  coldCpuMs: number;
  /** The search page's first page of it (sitePage, 20 a page) on a fresh engine, median CPU time (COLD_ROUNDS). */
  pageColdCpuMs: number;
  /** Its records holding some of the words (partialFill, nothing shown yet, a page of room) on a fresh engine: the fill's worst case. */
  fillColdCpuMs: number;
  units: number;
  exhausted: boolean;
  total: number;
  suggestions: number;
}

/** Fresh engines per hostile query for its cold figure. */
const COLD_ROUNDS = 3;

/** CPU milliseconds of one query as the handler runs it (search, then suggestions when nothing is found), and its figures. */
async function runOnce(engine: SearchEngine, q: string) {
  const budget = createWorkBudget(WORK_LIMITS.suggest);
  const started = process.cpuUsage();
  const page = await engine.search({ q, limit: 10, offset: 0 });
  const suggestions = page.total === 0 ? await engine.suggest({ q }, budget) : [];
  const used = process.cpuUsage(started);
  return {
    ms: (used.user + used.system) / 1000,
    units: budget.spent,
    exhausted: budget.exhausted,
    total: page.total,
    suggestions: suggestions.length,
  };
}

/** CPU milliseconds of `run`. */
async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs each hostile query `rounds` times after one warm-up on `engine` (median and worst CPU time), and first of all
 * on COLD_ROUNDS fresh engines from `open` (cold: nothing decoded or built yet, as after a start, a rebuild or an
 * eviction from the bounded caches).
 */
export async function measureHostile(
  engine: SearchEngine,
  open: () => Promise<SearchEngine>,
  rounds = 20,
): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const [name, q] of Object.entries(HOSTILE_QUERIES)) {
    const cold: number[] = [];
    const page: number[] = [];
    const fill: number[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      cold.push((await runOnce(await open(), q)).ms);
      const fresh = await open();
      const question = { q, kind: undefined, region: undefined, exact: false };
      page.push(await cpuOf(() => sitePage(fresh, { ...question, limit: 20, offset: 0 })));
      const other = await open();
      fill.push(await cpuOf(() => partialFill(other, { q }, [], 20)));
    }
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof runOnce>> | undefined;
    for (let round = 0; round <= rounds; round++) {
      last = await runOnce(engine, q);
      if (round > 0) times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    cold.sort((a, b) => a - b);
    const { units, exhausted, total, suggestions } = last!;
    figures.push({
      name,
      cpuMs: times[Math.floor(times.length / 2)]!,
      worstCpuMs: times.at(-1)!,
      coldCpuMs: median(cold),
      pageColdCpuMs: median(page),
      fillColdCpuMs: median(fill),
      units,
      exhausted,
      total,
      suggestions,
    });
  }
  return figures;
}
