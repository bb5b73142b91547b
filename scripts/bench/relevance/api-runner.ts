/** This API's rankings for the judged queries: real Requests through the handler over a built site. */
import { createApiHandler } from '../../../src/lib/api/handler.ts';
import { readDist } from '../../../src/adapters/builds/read-dist.ts';
import type { JudgedQuery } from './judgments.ts';
import { MRR_DEPTH } from './metrics.ts';

/** What the API answered for one query: ids best first (up to MRR_DEPTH), and any "did you mean" queries. */
export interface ApiAnswer {
  ids: string[];
  total: number;
  suggestions: string[];
}

/** The fields of a /facts answer defined by the spec; anything else is an extra (e.g. did-you-mean). */
const SPEC_FIELDS = new Set(['results', 'total', 'limit', 'offset']);

/** Query strings found in the answer's extra fields: strings, or objects carrying a q/query/text string. */
export function suggestionsOf(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      const text = o.q ?? o.query ?? o.text;
      if (typeof text === 'string') found.push(text);
      else Object.values(o).forEach(visit);
    }
  };
  for (const [key, value] of Object.entries(body)) if (!SPEC_FIELDS.has(key)) visit(value);
  return found;
}

/** A runner over the build in `distDir`: one handler, so its caches behave as in a server. */
export function apiRunner(distDir: string) {
  const handler = createApiHandler({ read: readDist(distDir), quota: { limit: 1_000_000_000 } });
  async function page(query: Pick<JudgedQuery, 'q' | 'region' | 'kind'>, offset: number) {
    const params = new URLSearchParams({ q: query.q, limit: '50', offset: String(offset), po_live: '1' });
    if (query.region) params.set('region', query.region);
    if (query.kind) params.set('kind', query.kind);
    const response = await handler(new Request(`http://bench.test/api/v1/facts?${params}`), {
      clientAddress: '192.0.2.1',
    });
    if (response.status !== 200)
      throw new Error(`API answered ${response.status} to ${params}: ${await response.text()}`);
    return (await response.json()) as { results: { id: string }[]; total: number } & Record<string, unknown>;
  }
  return async function run(query: Pick<JudgedQuery, 'q' | 'region' | 'kind'>): Promise<ApiAnswer> {
    const first = await page(query, 0);
    const ids = first.results.map((r) => r.id);
    for (let offset = ids.length; offset < Math.min(first.total, MRR_DEPTH); offset = ids.length) {
      const next = await page(query, offset);
      if (next.results.length === 0) break;
      ids.push(...next.results.map((r) => r.id));
    }
    return { ids: ids.slice(0, MRR_DEPTH), total: first.total, suggestions: suggestionsOf(first) };
  };
}
