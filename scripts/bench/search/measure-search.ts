/** In-process search latency over the query mix: the engine alone, as the handler uses it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSearchEngine, type FactsQuery } from '../../../src/lib/search/index.ts';

/** Latency figures in milliseconds. */
export interface SearchFigures {
  /** Opening the engine: manifest and listing only. */
  loadMs: number;
  /** The first query after opening, shards read from disk. */
  firstQueryMs: number;
  p50: number;
  p99: number;
  queries: number;
}

/** The p-th percentile of values sorted ascending (nearest rank, as every search figure of the bench). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Opens the built index and runs each query `rounds` times, uncached (shards stay loaded after the first round). */
export async function measureSearch(dist: string, queries: FactsQuery[], rounds = 30): Promise<SearchFigures> {
  const started = performance.now();
  const read = (path: string) => readFile(join(dist, path), 'utf8');
  // The result cache is off: this measures the engine itself, as for a query never seen before.
  const engine = await openSearchEngine(read, { cache: { rankings: { entries: 0, bytes: 0 } } });
  const loadMs = performance.now() - started;
  const first = performance.now();
  await engine.search(queries[0]!);
  const firstQueryMs = performance.now() - first;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const t = performance.now();
      await engine.search(query);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return { loadMs, firstQueryMs, p50: percentile(times, 50), p99: percentile(times, 99), queries: times.length };
}
