/** In-process search latency over the query mix: the engine alone, as the handler uses it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSearchEngine, type FactsQuery } from '../../src/lib/search/search-engine.ts';
import type { Listing } from '../../src/lib/search/listing.ts';
import { chunkPath, loadIndex } from '../../src/lib/search/index-files.ts';

/** Latency figures in milliseconds. */
export interface SearchFigures {
  loadMs: number;
  p50: number;
  p99: number;
  queries: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Loads the built index and runs each query `rounds` times, uncached. */
export async function measureSearch(dist: string, queries: FactsQuery[], rounds = 30): Promise<SearchFigures> {
  const started = performance.now();
  const read = (path: string) => readFile(join(dist, path), 'utf8');
  const [index, listing] = await Promise.all([read('search/index.json').then((head) => loadIndex(head, (n) => read(chunkPath(n)))), read('search/listing.json')]);
  // The result cache is off: this measures the engine itself, as for a query never seen before.
  const engine = createSearchEngine(index, JSON.parse(listing) as Listing, { cache: { rankings: { entries: 0, bytes: 0 } } });
  const loadMs = performance.now() - started;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const t = performance.now();
      engine.search(query);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return { loadMs, p50: percentile(times, 50), p99: percentile(times, 99), queries: times.length };
}
