/**
 * permis-facts/client: a dependency-free client of the /api/v1 API for Node (>= 18) and browsers.
 * Types come from the zod schemas, imported as types only: the bundle carries no zod code.
 */
import type { Fact } from '../lib/schema/fact.ts';
import type { FactsQueryInput } from '../lib/schema/facts-query.ts';
import type { ListResponse } from '../lib/schema/responses.ts';
import type { Catalogue } from '../lib/schema/catalogue.ts';
import { QUERY_LIMITS } from '../lib/schema/limits.ts';
import { ApiError } from './errors.ts';
import { createTransport, type TransportOptions } from './transport.ts';

export { ApiError, parseRetryAfter, type ClientErrorCode } from './errors.ts';
export { CLIENT_DEFAULTS, type TransportOptions as ClientOptions } from './transport.ts';
export type { Catalogue, Fact, ListResponse };
/** Search parameters of GET /facts (po_live is the client's business). */
export type SearchParams = Omit<FactsQueryInput, 'po_live'>;
/** What a walk filters on: a search without its page. */
export type WalkParams = Omit<SearchParams, 'limit' | 'offset'>;

/** The client returned by createClient. */
export interface PermisFactsClient {
  /** GET / : the catalogue. */
  catalogue(signal?: AbortSignal): Promise<Catalogue>;
  /** GET /facts : one page of a search or list. */
  search(params?: SearchParams, signal?: AbortSignal): Promise<ListResponse>;
  /** GET /facts/{id} : one record; an unknown id rejects with an ApiError of code record_not_found. */
  fact(id: string, signal?: AbortSignal): Promise<Fact>;
  /** GET /openapi.json : the OpenAPI 3.1.0 description. */
  openapi(signal?: AbortSignal): Promise<Record<string, unknown>>;
  /**
   * Every record of a search, each once, following the spec's pagination rule: start at offset 0,
   * advance by the results read, stop at total or on an empty page, deduplicate by id. Rejects with
   * code offset_limit when the matches reach past offset 10000 (narrow the search), after yielding what it could.
   */
  walk(params?: WalkParams, options?: { pageSize?: number; signal?: AbortSignal }): AsyncIterable<Fact>;
}

/** Creates a client for the API at `options.baseUrl` (e.g. https://example.org/api/v1). */
export function createClient(options: TransportOptions): PermisFactsClient {
  const get = createTransport(options);
  const search = (params: SearchParams = {}, signal?: AbortSignal) => get<ListResponse>('/facts', { ...params }, signal);

  async function* walk(params: WalkParams = {}, walkOptions: { pageSize?: number; signal?: AbortSignal } = {}): AsyncGenerator<Fact> {
    const limit = walkOptions.pageSize ?? QUERY_LIMITS.limit.max;
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = await search({ ...params, limit, offset }, walkOptions.signal);
      for (const fact of page.results) {
        if (seen.has(fact.id)) continue;
        seen.add(fact.id);
        yield fact;
      }
      offset += page.results.length;
      if (page.results.length === 0 || offset >= page.total) return;
      if (offset > QUERY_LIMITS.offset.max) {
        throw new ApiError(0, 'offset_limit', `the search matches ${page.total} records but offsets above ${QUERY_LIMITS.offset.max} are not accepted; ${seen.size} were read; narrow the search (q, kind, region)`, '');
      }
    }
  }

  return {
    catalogue: (signal) => get<Catalogue>('/', {}, signal),
    search,
    fact: (id, signal) => get<Fact>(`/facts/${encodeURIComponent(id)}`, {}, signal),
    openapi: (signal) => get<Record<string, unknown>>('/openapi.json', {}, signal),
    walk,
  };
}
