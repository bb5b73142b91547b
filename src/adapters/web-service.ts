/**
 * The API and the MCP endpoint of one process or isolate, over one in-memory quota: the shared core of the Deno, Bun,
 * Netlify and Vercel entries (Node and Cloudflare wire their own quota stores). Paths that are neither give null,
 * so the caller serves them as static files.
 */
import { createApiHandler, type ApiHandlerOptions } from '../lib/api/handler.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import type { McpEndpoint } from '../lib/mcp/mcp-endpoint.ts';
import { MCP_PATH } from '../lib/paths.ts';
import { isApiPath } from './edge.ts';

/** Options of createWebService: the handler's options, with the quota as a plain figure. */
export interface WebServiceOptions extends Omit<ApiHandlerOptions, 'rateLimit' | 'siteUrl'> {
  /** Requests a minute per client, counted in this process's (or isolate's) memory: /api/v1 and /mcp together. */
  limit: number;
  /** Canonical origin of the site: record urls and the 307 Location. */
  siteUrl: string;
}

/** Answers /api/v1 and /mcp; null for any other path. */
export type WebService = (request: Request, clientAddress: string | undefined) => Promise<Response> | null;

/** Builds the service: one limiter shared by the handler and the MCP endpoint, the MCP SDK loaded on the first /mcp. */
export function createWebService({ limit, ...options }: WebServiceOptions): WebService {
  const limiter = createRateLimiter({ limit });
  const api = createApiHandler({ ...options, rateLimit: limiter });
  let mcp: Promise<McpEndpoint> | undefined;
  const loadMcp = () =>
    import('../lib/mcp/mcp-endpoint.ts').then(({ createMcpEndpoint }) =>
      createMcpEndpoint({ limiter, siteUrl: options.siteUrl, api: () => api, ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }), ...(options.ipv6Prefix !== undefined && { ipv6Prefix: options.ipv6Prefix }) }),
    );
  return (request, clientAddress) => {
    const { pathname } = new URL(request.url);
    if (pathname === MCP_PATH) return (mcp ??= loadMcp()).then((endpoint) => endpoint(request, { clientAddress }));
    return isApiPath(pathname) ? api(request, { clientAddress }) : null;
  };
}
