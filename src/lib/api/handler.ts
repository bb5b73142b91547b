/** The API handler: a Web-standard (Request) => Promise<Response> for every /api/v1 route, over a plain-reply core. */
import { API_BASE } from '../paths.ts';
import type { CacheTrace } from '../telemetry.ts';
import type { CacheBounds } from '../bounded-cache.ts';
import { createMemoryQuota, type QuotaDecision, type Quota, type QuotaOptions } from '../quota.ts';
import { createArtefacts, RECORD_CACHE_BOUNDS, type ReadArtefact } from './artefacts.ts';
import { SEARCH_BOUNDS, type SearchBounds } from '../search/index.ts';
import { CLIENT_ADDRESS_DEFAULTS, clientAddress } from './client-address.ts';
import { entityReply } from './conditional.ts';
import { Entity, type Compress } from './entity.ts';
import { HttpError, quote } from './http-error.ts';
import { createReplyCache, REPLY_CACHE_BOUNDS } from './reply-cache.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { errorReply, toResponse, type ApiReply } from './responses.ts';
import { matchRoute, poLiveRule } from './routes.ts';
import { createZeroResultLog, type ZeroResultLog } from './zero-results.ts';
import { withRateLimit } from '../publish/rate-limit-terms.ts';
import { zeroResultsReply, ZERO_RESULTS_PATH } from './zero-results-route.ts';

/** Defaults of the handler's options, in one place (docs/api.md and OpenAPI describe the same). */
export const API_DEFAULTS = {
  trustProxy: 0,
  ipv6Prefix: CLIENT_ADDRESS_DEFAULTS.ipv6Prefix,
  recordCache: RECORD_CACHE_BOUNDS,
  replyCache: REPLY_CACHE_BOUNDS,
  search: SEARCH_BOUNDS,
} as const;

/** Options of createApiHandler. */
export interface ApiHandlerOptions {
  /** Reads build artefacts (files under dist/, or static assets on an edge host). */
  read: ReadArtefact;
  /**
   * A quota, or options for the default one (in memory, 120 requests a minute per client). Its `limit` is the figure
   * the catalogue and openapi.json are served with.
   */
  quota?: Quota | Partial<QuotaOptions>;
  /** How many proxies in front of the server append to X-Forwarded-For. Default 0: the socket address counts. */
  trustProxy?: number;
  /** IPv6 clients share a quota per prefix of this many bits (1-128). Default 64: one /64 is one client. */
  ipv6Prefix?: number;
  /**
   * Canonical origin of the site (SITE_URL): the 307 Location is built on it, never on the request's Host.
   * Without it, the request's own origin is used: only for hosts that route by a fixed hostname.
   */
  siteUrl?: string;
  /**
   * Compresses answers of MIN_COMPRESS_BYTES or more into the coding Accept-Encoding prefers (br, gzip), once
   * per answer. Omit it where a CDN compresses (answers then go out as they are, without Content-Encoding).
   */
  compress?: Compress;
  /** Bounds of the record cache. Default API_DEFAULTS.recordCache. */
  recordCache?: CacheBounds;
  /** Bounds of the /facts answer cache; `entries: 0` turns it off. Default API_DEFAULTS.replyCache. */
  replyCache?: CacheBounds;
  /** Memory bounds of the search engine: decoded term files and document blocks, term indices. Default API_DEFAULTS.search (64 + 8 MiB of files, 64 MiB of term indices). */
  search?: Partial<SearchBounds>;
  /** Where unexpected errors are reported. Default console.error. */
  logError?: (error: unknown) => void;
  /** Counts of the queries that found nothing. Default: a new bounded log (zero-results.ts) per handler. */
  zeroResults?: ZeroResultLog;
  /**
   * Bearer token of GET /api/v1/_zero-results (SEARCH_REPORT_TOKEN). Unset, the route does not exist (404), as it
   * does for a wrong or missing token.
   */
  reportToken?: string | undefined;
}

/** Per-request facts that a Request does not carry. */
export interface RequestInfo {
  /** The socket peer's address. */
  clientAddress?: string | undefined;
  /** True when the caller (the MCP server) has already counted this request against the same quota. */
  uncounted?: boolean;
  /** Filled with this request's cache outcome (the Node server's access log). */
  trace?: CacheTrace | undefined;
}

/** What the core needs of a request: a Request satisfies it, and so does a cheaper object. */
export interface ApiRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
  /** The URL already parsed, when the adapter has it (saves parsing it twice). */
  parsedUrl?: URL;
}

/** The handler: Web-standard, plus `reply` for adapters that write replies themselves. */
export interface ApiHandler {
  (request: Request, info?: RequestInfo): Promise<Response>;
  reply(request: ApiRequest, info?: RequestInfo): Promise<ApiReply>;
  /** The queries that found nothing, counted by this handler. */
  zeroResults: ZeroResultLog;
  /** Loads the whole search index now, within its bounds (SearchEngine.preload); resolves to the number of terms. */
  preload(): Promise<number>;
}

/** Builds the handler: quota, method, route, po_live redirect, the route's entity, then its negotiated reply. */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const quota = options.quota && 'hit' in options.quota ? options.quota : createMemoryQuota(options.quota);
  const zeroResults = options.zeroResults ?? createZeroResultLog();
  const context = {
    // The catalogue and openapi.json state the limit this handler's quota enforces, not the build's default.
    data: createArtefacts(
      options.read,
      options.recordCache ?? API_DEFAULTS.recordCache,
      { ...API_DEFAULTS.search, ...options.search },
      (path, text) => withRateLimit(path, text, quota.limit),
    ),
    replies: createReplyCache(options.replyCache ?? API_DEFAULTS.replyCache),
    zeroResults,
  };
  const trustProxy = options.trustProxy ?? API_DEFAULTS.trustProxy;
  const ipv6Prefix = options.ipv6Prefix ?? API_DEFAULTS.ipv6Prefix;
  const siteOrigin = options.siteUrl === undefined ? undefined : new URL(options.siteUrl).origin;
  const logError = options.logError ?? ((error: unknown) => console.error('[api] unexpected error', error));

  async function reply(request: ApiRequest, info: RequestInfo = {}): Promise<ApiReply> {
    let decision: QuotaDecision | undefined;
    const answer = await decidedReply(request, info, (made) => (decision = made));
    // A new headers object: cached replies are shared between requests and must not carry one client's figures.
    return decision ? { ...answer, headers: { ...answer.headers, ...rateLimitHeaders(decision) } } : answer;
  }

  async function decidedReply(
    request: ApiRequest,
    info: RequestInfo,
    decided: (decision: QuotaDecision) => void,
  ): Promise<ApiReply> {
    try {
      const url = request.parsedUrl ?? new URL(request.url);
      if (!info.uncounted) {
        const decision = await quota.hit(clientAddress(request, info.clientAddress, trustProxy, ipv6Prefix));
        decided(decision);
        if (!decision.allowed) {
          throw new HttpError(
            429,
            'rate_limited',
            `more than the allowed requests per minute from this address; retry in ${decision.retryAfterSeconds} s`,
            {
              'retry-after': String(decision.retryAfterSeconds),
            },
          );
        }
      }
      if (request.method !== 'GET') {
        throw new HttpError(405, 'method_not_allowed', `method ${request.method} is not allowed; use GET`, {
          allow: 'GET',
        });
      }
      if (url.pathname === ZERO_RESULTS_PATH) {
        const answer = zeroResultsReply(request, options.reportToken, zeroResults);
        if (answer) return answer;
      }
      const route = url.pathname.startsWith(API_BASE) ? matchRoute(url.pathname) : null;
      if (!route)
        throw new HttpError(
          404,
          'route_not_found',
          `no API route at ${quote(url.pathname)}; see ${API_BASE}/ for the routes`,
        );
      const redirect = poLiveRule(url, route, siteOrigin ?? url.origin);
      if (redirect) return redirect;
      const answer = await route.run(url, info.trace ? { ...context, trace: info.trace } : context);
      return answer instanceof Entity ? await entityReply(answer, request, options.compress) : answer;
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error);
      logError(error);
      return errorReply(
        new HttpError(503, 'internal_error', 'an unexpected error occurred; it has been logged; retry later', {
          'retry-after': '5',
        }),
      );
    }
  }

  const handleApiRequest = async (request: Request, info?: RequestInfo) => toResponse(await reply(request, info));
  const preload = async () => (await context.data.engine()).preload();
  return Object.assign(handleApiRequest, { reply, zeroResults, preload });
}
