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
  /**
   * Every record, from the download the catalogue advertises (downloads.jsonl): one request for the file, its size
   * and SHA-256 checked (Web Crypto) before it is read. Null when the catalogue advertises none; rejects with code
   * checksum_mismatch when the file is not the one advertised (e.g. a new build between the two requests).
   */
  download(signal?: AbortSignal): Promise<Fact[] | null>;
  /**
   * Every record of the corpus: the download when the deployment has one, else (or when it fails its checks, or when
   * `options.download` is false) the spec's walk. `via` says which; `fallback`, why the walk was used.
   */
  readAll(options?: {
    download?: boolean;
    signal?: AbortSignal;
  }): Promise<{ facts: Fact[]; via: 'download' | 'walk'; fallback?: string }>;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Creates a client for the API at `options.baseUrl` (e.g. https://example.org/api/v1). */
export function createClient(options: TransportOptions): PermisFactsClient {
  const get = createTransport(options);
  const search = (params: SearchParams = {}, signal?: AbortSignal) =>
    get<ListResponse>('/facts', { ...params }, signal);

  async function* walk(
    params: WalkParams = {},
    walkOptions: { pageSize?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<Fact> {
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
        throw new ApiError(
          0,
          'offset_limit',
          `the search matches ${page.total} records but offsets above ${QUERY_LIMITS.offset.max} are not accepted; ${seen.size} were read; narrow the search (q, kind, region)`,
          '',
        );
      }
    }
  }

  async function download(signal?: AbortSignal): Promise<Fact[] | null> {
    // Other deployments of the spec may have no downloads block, or one of another shape.
    const file = (await get<Partial<Catalogue>>('/', {}, signal)).downloads?.jsonl;
    if (!file?.url) return null;
    const url = new URL(file.url);
    const bytes = await get.bytes(url.pathname + url.search, signal);
    const mismatch = (what: string) =>
      new ApiError(
        200,
        'checksum_mismatch',
        `${file.url}: ${what}; the catalogue may be from another build, or the file damaged`,
        file.url,
      );
    if (bytes.length !== file.bytes) throw mismatch(`${bytes.length} bytes, the catalogue says ${file.bytes}`);
    const sha256 = hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
    if (sha256 !== file.sha256) throw mismatch(`SHA-256 ${sha256}, the catalogue says ${file.sha256}`);
    const broken = (what: string) => new ApiError(200, 'unexpected_response', `${file.url}: ${what}`, file.url);
    const text = await new Response(
      new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')),
    )
      .text()
      .catch(() => {
        throw broken('not a gzip file');
      });
    const facts = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line, i) => {
        try {
          return JSON.parse(line) as Fact;
        } catch {
          throw broken(`line ${i + 1} is not JSON: ${JSON.stringify(line.slice(0, 80))}`);
        }
      });
    if (facts.length !== file.records) throw mismatch(`${facts.length} records, the catalogue says ${file.records}`);
    return facts;
  }

  async function readAll(options: { download?: boolean; signal?: AbortSignal } = {}) {
    let fallback = 'download: false was asked';
    if (options.download !== false) {
      try {
        const facts = await download(options.signal);
        if (facts) return { facts, via: 'download' as const };
        fallback = 'the catalogue advertises no download';
      } catch (error) {
        // A missing or damaged file is worked around; a quota or network failure would fail the walk too.
        const code = (error as ApiError).code;
        if (code !== 'checksum_mismatch' && code !== 'unexpected_response' && code !== 'route_not_found') throw error;
        fallback = (error as Error).message;
      }
    }
    const facts: Fact[] = [];
    for await (const fact of walk({}, options.signal ? { signal: options.signal } : {})) facts.push(fact);
    return { facts, via: 'walk' as const, fallback };
  }

  return {
    catalogue: (signal) => get<Catalogue>('/', {}, signal),
    search,
    fact: (id, signal) => get<Fact>(`/facts/${encodeURIComponent(id)}`, {}, signal),
    openapi: (signal) => get<Record<string, unknown>>('/openapi.json', {}, signal),
    walk,
    download,
    readAll,
  };
}
