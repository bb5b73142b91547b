/** Node-only: the /mcp endpoint of src/lib/mcp/mcp-endpoint.ts on a Node request, as a Web Request and back. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { McpEndpoint } from '../../lib/mcp/mcp-endpoint.ts';
import { MCP_PATH } from '../../lib/paths.ts';
import { writeReply } from './raw-request.ts';

/** Whether a request target is the MCP endpoint (with or without a query). */
export function isMcpTarget(target: string | undefined): boolean {
  return (target ?? '').split('?')[0] === MCP_PATH;
}

/** Methods Node delivers that a Web Request cannot carry: the endpoint gets them by name (they only get a 405). */
const NOT_IN_REQUEST = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The endpoint as a Node request listener; the client address is the socket's (X-Forwarded-For per TRUST_PROXY). */
export function nodeMcp(endpoint: McpEndpoint): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const method = req.method ?? 'GET';
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const carried = NOT_IN_REQUEST.has(method) || method === 'HEAD' ? 'GET' : method;
    // Only the path matters to the endpoint: a fixed origin, so that an odd Host never makes the URL throw.
    const request = new Request(`http://localhost${MCP_PATH}`, {
      method: carried,
      headers,
      ...(carried === 'GET' ? {} : { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }),
    } as RequestInit);
    const response = await endpoint(request, { clientAddress: req.socket.remoteAddress, method });
    writeReply(res, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: new Uint8Array(await response.arrayBuffer()),
    });
  };
}
