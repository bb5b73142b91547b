/**
 * Node-only: the MCP server over Streamable HTTP at /mcp, stateless (a new server and transport per request,
 * so any process behind a load balancer can answer any request). Each HTTP request counts once against the
 * API's limiter, for the same client key as /api/v1.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { clientAddress } from '../lib/api/client-address.ts';
import type { ApiHandler } from '../lib/api/handler.ts';
import { rateLimitHeaders } from '../lib/api/rate-limit-headers.ts';
import { createMcpServer } from '../lib/mcp/mcp-server.ts';
import { isRequest, rateLimitedError } from '../lib/mcp/rate-limited.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';

/** Path of the MCP endpoint. */
export const MCP_PATH = '/mcp';
/** Largest JSON-RPC body accepted (a tool call is a few hundred bytes). */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** What the /mcp route needs: the shared limiter, how to find the client, the current API handler and the site. */
export interface McpHttpOptions {
  limiter: RateLimiter;
  trustProxy: number;
  ipv6Prefix: number;
  siteUrl: string;
  handler: () => ApiHandler;
}

/** Whether a request target is the MCP endpoint (with or without a query). */
export function isMcpTarget(target: string | undefined): boolean {
  const path = (target ?? '').split('?')[0];
  return path === MCP_PATH;
}

/** Writes a JSON-RPC error (with the HTTP status that goes with it) and ends the response. */
function jsonRpcError(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Reads the body, at most MCP_MAX_BODY_BYTES; null when larger. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MCP_MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The /mcp route: counts the request, then answers it with a fresh stateless MCP server. */
export function createMcpHttp(options: McpHttpOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const headers = { get: (name: string) => { const value = req.headers[name.toLowerCase()]; return Array.isArray(value) ? value.join(', ') : (value ?? null); } };
    const decision = await options.limiter.hit(clientAddress({ headers }, req.socket.remoteAddress, options.trustProxy, options.ipv6Prefix));
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
      req.resume();
      return jsonRpcError(res, 405, { jsonrpc: '2.0', id: null, error: { code: -32000, message: `method ${req.method} is not allowed on ${MCP_PATH}; POST JSON-RPC messages (stateless Streamable HTTP)` } }, { allow: 'POST' });
    }
    const text = await readBody(req);
    if (text === null) return jsonRpcError(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `the request body is larger than ${MCP_MAX_BODY_BYTES} bytes` } });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonRpcError(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: the body is not JSON' } });
    }
    if (!decision.allowed) {
      // A request gets its JSON-RPC error as its answer (HTTP 200), which MCP clients hand to the assistant; a
      // notification, which has no answer, gets HTTP 429. Both carry Retry-After.
      const retry = { 'retry-after': String(decision.retryAfterSeconds) };
      const requests = (Array.isArray(body) ? body : [body]).filter(isRequest);
      if (requests.length === 0) return jsonRpcError(res, 429, rateLimitedError(null, decision), retry);
      const errors = requests.map((request) => rateLimitedError(request.id, decision));
      return jsonRpcError(res, 200, Array.isArray(body) ? errors : errors[0], retry);
    }
    const server = createMcpServer({ reply: options.handler().reply, siteUrl: options.siteUrl });
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
