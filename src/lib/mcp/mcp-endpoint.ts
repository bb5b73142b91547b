/**
 * The /mcp endpoint as one Web-standard `(Request) => Promise<Response>`, runtime-free: the Node server and the
 * Cloudflare worker both serve it. Stateless Streamable HTTP (a new server and transport per request, so any process
 * or isolate answers any request; JSON answers, no SSE). Each request counts once against the API's quota, for
 * the same client key as /api/v1.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CLIENT_ADDRESS_DEFAULTS, clientAddress } from '../api/client-address.ts';
import type { ApiHandler } from '../api/handler.ts';
import { rateLimitHeaders } from '../api/rate-limit-headers.ts';
import { CORS_HEADERS } from '../api/responses.ts';
import { MCP_PATH } from '../paths.ts';
import type { Quota } from '../quota.ts';
import { readBounded, discard } from '../http/body.ts';
import { createMcpServer } from './mcp-server.ts';
import { checkBytes, INVALID_PARAMS, METHOD_NOT_FOUND, type Refusal } from './jsonrpc-check.ts';
import { isRequest, rateLimitedError } from './rate-limited.ts';

/** Defaults of createMcpEndpoint, in one place (docs/mcp.md describes the same). */
export const MCP_DEFAULTS = {
  /** Largest JSON-RPC body accepted, in bytes (a tool call is a few hundred). */
  maxBodyBytes: 64 * 1024,
  trustProxy: 0,
  ipv6Prefix: CLIENT_ADDRESS_DEFAULTS.ipv6Prefix,
} as const;

/** Options of createMcpEndpoint. */
export interface McpEndpointOptions {
  /** The quota store: the same instance as the API handler's, so both count in one window. */
  quota: Quota;
  /** The API handler of the build served now (its plain-reply path answers the tools). */
  api: () => Pick<ApiHandler, 'reply'>;
  /** Public origin of the site (record urls, reuse page). */
  siteUrl: string;
  /** As the API handler's options: proxies trusted in X-Forwarded-For, and the IPv6 prefix of one client. */
  trustProxy?: number;
  ipv6Prefix?: number;
  maxBodyBytes?: number;
  /** Where unexpected errors are reported. Default console.error. */
  logError?: (error: unknown) => void;
}

/** Per-request facts a Request does not carry. */
export interface McpRequestInfo {
  /** The socket peer's address (Node), or CF-Connecting-IP (Cloudflare). */
  clientAddress?: string | undefined;
  /** The method as received, when a Request cannot carry it (Node delivers TRACE, which `new Request` refuses). */
  method?: string;
}

/** The endpoint: counts the request, then answers it. */
export type McpEndpoint = (request: Request, info?: McpRequestInfo) => Promise<Response>;

/**
 * CORS on every /mcp answer: the server is public and read-only, like the API, so MCP clients running in a browser
 * (an inspector, a web assistant) may call it from any origin and read the quota headers.
 */
export const MCP_CORS = {
  'access-control-allow-origin': CORS_HEADERS['access-control-allow-origin'],
  'access-control-expose-headers': 'Retry-After, RateLimit, RateLimit-Policy',
} as const;

/** The answer to a CORS preflight: POST with the headers MCP clients send, cached by the browser for a day. */
const PREFLIGHT = {
  ...MCP_CORS,
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'access-control-max-age': '86400',
} as const;

/** A JSON-RPC answer with the headers every /mcp answer carries. */
function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...MCP_CORS,
      ...headers,
    },
  });
}

/** A JSON-RPC error that answers no particular request (id null). */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } });

/**
 * The HTTP status of a refused message: a request with an unknown method or bad params gets its JSON-RPC error with
 * its id at 200, like every error the SDK answers to a request (the client hands it to the assistant); a body that
 * is not one valid JSON-RPC message (or a notification with bad params) gets 400.
 */
const refusalStatus = ({ id, error }: Refusal) =>
  id !== null && (error.code === INVALID_PARAMS || error.code === METHOD_NOT_FOUND) ? 200 : 400;

/** Builds the /mcp endpoint. */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { maxBodyBytes, trustProxy, ipv6Prefix } = { ...MCP_DEFAULTS, ...definedOnly(options) };
  const logError = options.logError ?? ((error: unknown) => console.error('[mcp] unexpected error', error));

  return async (request, info = {}) => {
    const method = info.method ?? request.method;
    // A CORS preflight is the browser asking, not the client: it runs nothing and is not counted.
    if (method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      await discard(request.body);
      return new Response(null, { status: 204, headers: { ...PREFLIGHT, 'cache-control': 'no-store' } });
    }
    const decision = await options.quota.hit(clientAddress(request, info.clientAddress, trustProxy, ipv6Prefix));
    const limits = rateLimitHeaders(decision);
    if (method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to end (DELETE). An OPTIONS that is not a
      // preflight is one more method not allowed.
      await discard(request.body);
      return json(
        405,
        rpcError(
          -32000,
          `method ${method} is not allowed on ${MCP_PATH}; POST JSON-RPC messages (stateless Streamable HTTP)`,
        ),
        { allow: 'POST', ...limits },
      );
    }
    const bytes = await readBounded(request.body, maxBodyBytes);
    if (bytes === null)
      return json(400, rpcError(-32600, `the request body is larger than ${maxBodyBytes} bytes`), limits);
    // Bytes that are not UTF-8 or not JSON, JSON that is not one JSON-RPC message (a batch included), and params
    // that do not fit the method are answered here, each naming what is wrong; the SDK sees only messages it takes.
    const checked = checkBytes(bytes, 'body');
    if ('refusal' in checked) return json(refusalStatus(checked.refusal), checked.refusal, limits);
    const body = checked.message;
    if (!decision.allowed) {
      // A request gets its JSON-RPC error as its answer (HTTP 200), which MCP clients hand to the assistant; a
      // notification, which has no answer, gets HTTP 429. Both carry Retry-After.
      const retry = { ...limits, 'retry-after': String(decision.retryAfterSeconds) };
      return isRequest(body)
        ? json(200, rateLimitedError(body.id, decision), retry)
        : json(429, rateLimitedError(null, decision), retry);
    }
    const server = createMcpServer(
      { reply: options.api().reply, siteUrl: options.siteUrl, rateLimit: options.quota.limit },
      logError,
    );
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(request, { parsedBody: body });
      const headers = new Headers(answer.headers);
      for (const [name, value] of Object.entries({ 'cache-control': 'no-store', ...MCP_CORS, ...limits }))
        headers.set(name, value);
      // JSON mode: the body is complete once handleRequest resolves, so the server can close now.
      return new Response(answer.body, { status: answer.status, headers });
    } finally {
      await server.close();
    }
  };
}

/** The options that are set (an explicit undefined keeps the default). */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
