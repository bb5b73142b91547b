/**
 * The service wired once, for every host: the API handler over a build reader, the /mcp endpoint (its code loaded on
 * the first /mcp request) with the one quota both count in, and the one 503 answer a host gives when it cannot load
 * its data. node/site-server.ts, web/web-service.ts and cloudflare/worker.ts build their service here. Runtime-free.
 */
import { createApiHandler, type ApiHandler, type ApiHandlerOptions } from '../lib/api/handler.ts';
import type { ReadArtefact } from '../lib/api/artefacts.ts';
import { HttpError, quote } from '../lib/api/http-error.ts';
import { errorReply, toResponse, type ApiReply } from '../lib/api/responses.ts';
import type { McpEndpoint } from '../lib/mcp/mcp-endpoint.ts';
import { API_BASE, MCP_PATH } from '../lib/paths.ts';
import type { Quota } from '../lib/quota.ts';
import { discard } from '../lib/http/body.ts';

/** The handler's cache bounds, passed to it as they are (records, answers, and the search's own bounds). */
export type ServiceCacheBounds = Pick<ApiHandlerOptions, 'recordCache' | 'replyCache' | 'search'>;

/** Options of createService. */
export interface ServiceOptions {
  /** Reads the build's artefacts (readDist on Node, assetReader on a fetch-based host). */
  read: ReadArtefact;
  /** The one quota store: /api/v1 and /mcp count in it together. */
  quota: Quota;
  /** Canonical origin of the site: record urls and the 307 Location. */
  siteUrl: string;
  /** Cache bounds for this host's memory (NODE_* on Node, EDGE_CACHE_BOUNDS in an isolate). Default: the handler's. */
  cache?: ServiceCacheBounds;
  /** The rest of the handler's options (trusted proxies, IPv6 prefix, compression, report token, error log). */
  handler?: Omit<ApiHandlerOptions, 'read' | 'quota' | 'siteUrl' | keyof ServiceCacheBounds>;
}

/** The service of one build. */
export interface Service {
  api: ApiHandler;
  /** The MCP endpoint, made on first use (the SDK and its schemas are evaluated only by processes that serve /mcp). */
  mcp(): Promise<McpEndpoint>;
  /** Answers /api/v1 and /mcp; null for any other path (the host serves it as a static file). */
  fetch(request: Request, clientAddress: string | undefined): Promise<Response> | null;
}

/** Whether a path belongs to the API (the handler answers it) rather than to the static site. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
}

/**
 * Whether a path looks like the MCP endpoint without being it: `/mcp/`, `/MCP`, `/mcp/sse` (any case, any path under
 * it). Such a request gets a JSON 404 naming the endpoint rather than the static site's answer to a page (a French
 * text 405 for a POST), which an MCP client cannot read.
 */
export function isMcpNearMiss(pathname: string): boolean {
  const folded = pathname.toLowerCase();
  return pathname !== MCP_PATH && (folded === MCP_PATH || folded.startsWith(`${MCP_PATH}/`));
}

/** The answer to a near miss of /mcp, for any method: 404 route_not_found, as the API answers `/api/v1/facts/`. */
export function mcpRouteNotFound(pathname: string): ApiReply {
  return errorReply(
    new HttpError(
      404,
      'route_not_found',
      `no route at ${quote(pathname)}; the MCP endpoint is ${MCP_PATH}, exactly (POST JSON-RPC messages to it)`,
    ),
  );
}

/** Builds the service: one handler and one lazily made MCP endpoint over the same quota and the same build. */
export function createService(options: ServiceOptions): Service {
  const { trustProxy, ipv6Prefix } = options.handler ?? {};
  const api = createApiHandler({
    ...options.cache,
    ...options.handler,
    read: options.read,
    quota: options.quota,
    siteUrl: options.siteUrl,
  });
  let mcp: Promise<McpEndpoint> | undefined;
  const loadMcp = () =>
    import('../lib/mcp/mcp-endpoint.ts').then(({ createMcpEndpoint }) =>
      createMcpEndpoint({
        quota: options.quota,
        siteUrl: options.siteUrl,
        api: () => api,
        ...(trustProxy !== undefined && { trustProxy }),
        ...(ipv6Prefix !== undefined && { ipv6Prefix }),
      }),
    );
  const service: Service = {
    api,
    mcp: () => (mcp ??= loadMcp().catch((error: unknown) => ((mcp = undefined), Promise.reject(error)))),
    fetch(request, clientAddress) {
      const { pathname } = new URL(request.url);
      if (pathname === MCP_PATH) return service.mcp().then((endpoint) => endpoint(request, { clientAddress }));
      if (isMcpNearMiss(pathname)) return discarded(request).then(() => toResponse(mcpRouteNotFound(pathname)));
      return isApiPath(pathname) ? api(request, { clientAddress }) : null;
    },
  };
  return service;
}

/** Reads a request's body through, keeping nothing (an unread body makes workerd reset the connection now and then). */
async function discarded(request: Request): Promise<void> {
  if (request.body) await discard(request.body);
}

/** The answer of a host that cannot load its data or start its service: 503, retry in 10 s, the API's error body. */
export function unavailable(): Response {
  return toResponse(
    errorReply(
      new HttpError(503, 'service_unavailable', 'the service cannot start; retry later', { 'retry-after': '10' }),
    ),
  );
}
