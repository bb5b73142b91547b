/**
 * The API and the MCP endpoint of one process or isolate, over one in-memory quota: the service of service.ts for the
 * Deno, Bun, Netlify and Vercel entries. Paths that are neither give null, so the caller serves them as static files.
 */
import type { ApiHandlerOptions } from '../../lib/api/handler.ts';
import { createMemoryQuota } from '../../lib/quota.ts';
import { createService, type ServiceCacheBounds } from '../service.ts';

/** Options of createWebService: the handler's options, with the quota as a plain figure. */
export interface WebServiceOptions extends Omit<ApiHandlerOptions, 'quota' | 'siteUrl'> {
  /** Requests a minute per client, counted in this process's (or isolate's) memory: /api/v1 and /mcp together. */
  limit: number;
  /** Canonical origin of the site: record urls and the 307 Location. */
  siteUrl: string;
}

/** Answers /api/v1 and /mcp; null for any other path. */
export type WebService = (request: Request, clientAddress: string | undefined) => Promise<Response> | null;

/** Builds the service over an in-memory quota of `limit` a minute per client. */
export function createWebService({
  limit,
  read,
  siteUrl,
  recordCache,
  replyCache,
  search,
  ...handler
}: WebServiceOptions): WebService {
  // Only the bounds that are set: an undefined one would override the handler's default.
  const cache = Object.fromEntries(
    Object.entries({ recordCache, replyCache, search }).filter(([, value]) => value !== undefined),
  ) as ServiceCacheBounds;
  const service = createService({ read, quota: createMemoryQuota({ limit }), siteUrl, cache, handler });
  return (request, clientAddress) => service.fetch(request, clientAddress);
}
