/**
 * How the MCP endpoint is advertised: one description, in the catalogue (GET /api/v1/, field `mcp`) and in the
 * OpenAPI document (extension `x-mcp`, since /mcp is outside the API's base address and speaks JSON-RPC, not REST).
 */
import { MCP_PATH } from '../paths.ts';
import type { McpDescription } from '../schema/catalogue.ts';
import { MCP_DEFAULTS } from './mcp-endpoint.ts';
import { RATE_LIMITED_CODE } from './rate-limited.ts';
import { PROMPTS } from './prompts.ts';
import { resourceTemplates, RESOURCES_PER_PAGE } from './resources.ts';
import { TOOLS } from './tools.ts';

/** Name of the OpenAPI extension that describes the MCP endpoint. */
export const MCP_OPENAPI_EXTENSION = 'x-mcp';

/** The MCP endpoint of a site at `siteUrl`: where it is, how to talk to it, its tools, resources, prompts and quota. */
export function describeMcp(siteUrl: string): McpDescription {
  return {
    url: `${siteUrl}${MCP_PATH}`,
    protocol: 'Model Context Protocol (https://modelcontextprotocol.io), Streamable HTTP transport',
    transport: `Stateless: POST JSON-RPC messages (Content-Type: application/json; Accept: application/json, text/event-stream), at most ${MCP_DEFAULTS.maxBodyBytes / 1024} KiB, one message per POST (a JSON-RPC batch is refused with -32600); answers are JSON, with no session and no SSE stream; GET and DELETE answer 405.`,
    tools: TOOLS.map(({ name, description }) => ({ name, description })),
    resources: {
      uri_template: resourceTemplates(siteUrl)[0]!.uriTemplate,
      description: `resources/read answers the record in full as JSON, with how to cite it and the reuse terms; resources/list gives every record in id order, ${RESOURCES_PER_PAGE} a page (nextCursor), each page counting in the quota.`,
    },
    prompts: PROMPTS.map(({ name, description }) => ({ name, description })),
    completions: "completion/complete suggests the values of the prompt's kind and region arguments.",
    quota: `Every POST counts against the same quota as this API, for the same address (RateLimit-Policy and RateLimit headers as on the API); past it a request gets the JSON-RPC error ${RATE_LIMITED_CODE} whose data.retry_after_seconds says how long to wait (HTTP 200 with Retry-After), a notification gets 429.`,
    documentation: `${siteUrl}/api/#mcp`,
  };
}
