/**
 * The site's rankings for the judged queries: what the search page lists on a submitted search, page after page,
 * from sitePage (src/lib/search/assist/site-page.ts), the very function the page calls: its last-word completion,
 * the correction shown at once, the blended first page and the records holding some of the words included.
 */
import { pageCount, shownIds, sitePage, type SearchEngine } from '../../../src/lib/search/index.ts';
import { PAGE_SIZE } from '../../../src/browser/search-state.ts';
import type { JudgedQuery } from './judgments.ts';
import { MRR_DEPTH } from './metrics.ts';

/** The ids the page lists for `query` (submitted, not ?exact=1), its pages in order, up to `depth`. */
export async function siteRanking(
  engine: SearchEngine,
  query: Pick<JudgedQuery, 'q' | 'kind' | 'region'>,
  depth: number = MRR_DEPTH,
): Promise<string[]> {
  const ask = (page: number) =>
    sitePage(engine, {
      q: query.q,
      kind: query.kind,
      region: query.region,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      exact: false,
    });
  const first = await ask(1);
  const ids = shownIds(first);
  // The page's own page count (search-page.ts): after a blended first page, the later pages hold the other exact matches.
  const pages =
    first.exactShown === undefined
      ? Math.ceil(first.total / PAGE_SIZE)
      : pageCount(first.total, first.exactShown, PAGE_SIZE);
  for (let page = 2; page <= pages && ids.length < depth; page++) ids.push(...shownIds(await ask(page)));
  return ids.slice(0, depth);
}
