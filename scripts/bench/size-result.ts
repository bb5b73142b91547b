/** What `npm run bench` measures for one corpus size: gathered by scripts/bench.ts, printed by report.ts (a type of its own, so neither imports the other). */
import type { BuildFigures } from './build/measure-build.ts';
import type { FirstSearchFigures } from './first-search/measure-first-search.ts';
import type { CacheGrowth } from './http/measure-cache-growth.ts';
import type { HttpFigures } from './http/measure-http.ts';
import type { SearchFigures } from './search/measure-search.ts';

/** Every figure for one corpus size. */
export interface SizeResult {
  size: number;
  label: string;
  build: BuildFigures;
  server: { readyMs: number; rssMb: number; firstQueryMs?: number };
  /** First search on a plain static host in Chromium, cold cache: this site's shards and Pagefind. */
  firstSearch?: FirstSearchFigures;
  http: HttpFigures;
  cacheGrowth: CacheGrowth;
  search: SearchFigures;
}
