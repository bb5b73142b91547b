/** The API handler: a Web-standard (Request) => Promise<Response> for every /api/v1 route, over a plain-reply core. */
import { API_BASE } from '../paths.ts';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from '../rate-limit.ts';
import { createArtefacts, type ReadArtefact } from './artefacts.ts';
import { clientAddress } from './client-address.ts';
import { HttpError, quote } from './http-error.ts';
import { errorReply, toResponse, type ApiReply } from './responses.ts';
import { matchRoute, poLiveRule } from './routes.ts';

/** Options of createApiHandler. */
export interface ApiHandlerOptions {
  /** Reads build artefacts (files under dist/, or static assets on an edge host). */
  read: ReadArtefact;
  /** A limiter, or options for the default one (120 requests a minute per client). */
  rateLimit?: RateLimiter | Partial<RateLimitOptions>;
  /** How many proxies in front of the server append to X-Forwarded-For. Default 0: the socket address counts. */
  trustProxy?: number;
  /** Records kept in memory. Default 2000. */
  recordCacheSize?: number;
  /** Where unexpected errors are reported. Default console.error. */
  logError?: (error: unknown) => void;
}

/** Per-request facts that a Request does not carry. */
export interface RequestInfo {
  /** The socket peer's address. */
  clientAddress?: string | undefined;
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
}

/** Builds the handler: rate limit, method, route, po_live redirect, then the route itself. */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const limiter = options.rateLimit && 'hit' in options.rateLimit ? options.rateLimit : createRateLimiter(options.rateLimit);
  const data = createArtefacts(options.read, options.recordCacheSize);
  const trustProxy = options.trustProxy ?? 0;
  const logError = options.logError ?? ((error: unknown) => console.error('[api] unexpected error', error));

  async function reply(request: ApiRequest, info: RequestInfo = {}): Promise<ApiReply> {
    try {
      const url = request.parsedUrl ?? new URL(request.url);
      const decision = await limiter.hit(clientAddress(request, info.clientAddress, trustProxy));
      if (!decision.allowed) {
        throw new HttpError(429, 'rate_limited', `more than the allowed requests per minute from this address; retry in ${decision.retryAfterSeconds} s`, {
          'retry-after': String(decision.retryAfterSeconds),
        });
      }
      if (request.method !== 'GET') {
        throw new HttpError(405, 'method_not_allowed', `method ${request.method} is not allowed; use GET`, { allow: 'GET' });
      }
      const route = url.pathname.startsWith(API_BASE) ? matchRoute(url.pathname) : null;
      if (!route) throw new HttpError(404, 'route_not_found', `no API route at ${quote(url.pathname)}; see ${API_BASE}/ for the routes`);
      return poLiveRule(url, route) ?? (await route.run(url, data));
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error);
      logError(error);
      return errorReply(new HttpError(503, 'internal_error', 'an unexpected error occurred; it has been logged; retry later', { 'retry-after': '5' }));
    }
  }

  const handleApiRequest = async (request: Request, info?: RequestInfo) => toResponse(await reply(request, info));
  return Object.assign(handleApiRequest, { reply });
}
