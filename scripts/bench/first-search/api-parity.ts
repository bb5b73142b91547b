/**
 * The API's answer for a first search, on the same build the browser searched: the bench compares the page's
 * ids, order, total and suggestions with it, so a static host is checked to show what the API returns.
 */
import { createApiHandler } from '../../../src/lib/api/handler.ts';
import { readDist } from '../../../src/adapters/builds/read-dist.ts';

/** What a results page shows of a query (ids in order, the total, the suggested corrections). */
export interface ShownPage {
  ids: string[];
  total: number;
  suggestions: string[];
}

/** The API handler over `distDir`, asked as the page asks: first page of `limit` results for q. */
export function apiPages(distDir: string, limit: number): (q: string) => Promise<ShownPage> {
  const api = createApiHandler({ read: readDist(distDir), quota: { limit: 1_000_000 } });
  return async (q) => {
    const response = await api(
      new Request(`http://bench.invalid/api/v1/facts?po_live=1&limit=${limit}&q=${encodeURIComponent(q)}`),
    );
    if (response.status !== 200)
      throw new Error(`API: /facts?q=${q} answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { results: { id: string }[]; total: number; suggestions?: { q: string }[] };
    return {
      ids: body.results.map((r) => r.id),
      total: body.total,
      suggestions: (body.suggestions ?? []).map((s) => s.q),
    };
  };
}

/**
 * The API's page as the search page lists its records holding every word: the first page of `limit` blends in
 * `blended` records lacking a word (which the API never lists), so it shows the API's first limit − blended records.
 */
export function besideBlended(api: ShownPage, limit: number, blended: number): ShownPage {
  return { ...api, ids: api.ids.slice(0, limit - blended) };
}

/** How `shown` differs from `expected`, in words; empty when they agree. */
export function differences(shown: ShownPage, expected: ShownPage): string[] {
  const out: string[] = [];
  if (shown.total !== expected.total) out.push(`total ${shown.total} in the page, ${expected.total} from the API`);
  const first = shown.ids.findIndex((id, i) => id !== expected.ids[i]);
  if (first >= 0 || shown.ids.length !== expected.ids.length) {
    const at = first >= 0 ? first : Math.min(shown.ids.length, expected.ids.length);
    out.push(
      `ids differ from position ${at + 1}: page ${shown.ids.slice(at, at + 3).join(',') || '(none)'} vs API ${expected.ids.slice(at, at + 3).join(',') || '(none)'} (${shown.ids.length} vs ${expected.ids.length} shown)`,
    );
  }
  if (shown.suggestions.join('|') !== expected.suggestions.join('|'))
    out.push(
      `suggestions [${shown.suggestions.join(', ')}] in the page, [${expected.suggestions.join(', ')}] from the API`,
    );
  return out;
}
