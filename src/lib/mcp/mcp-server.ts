/**
 * The companion MCP server on the SDK's low-level Server: the tools of tools.ts (arguments checked by the API's own
 * parser, same messages as /api/v1), each record as a resource, one prompt and the completions of its arguments.
 * The SDK negotiates the protocol revision: the client's when it supports it, else its newest (2025-11-25 in 1.32).
 */
import { telemetry } from '../telemetry.ts';
import { defaultQuotaOptions } from '../quota.ts';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { complete, getPrompt, PROMPTS } from './prompts.ts';
import { listResources, readResource, resourceTemplates } from './resources.ts';
import { TOOLS, toolError, type ToolContext } from './tools.ts';

/** Name and version the server announces at initialisation. */
export const MCP_SERVER_INFO = {
  name: 'permis-facts',
  title: 'permis-facts: driving licences in Belgium',
  version: '1.0.0',
} as const;

/** What the assistant is told at initialisation, with the quota's requests a minute. */
const instructions = (rateLimit: number) =>
  `Public reference records about driving licences in Belgium (French). Search with search_facts (compact results), read one record in full with get_fact or as a resource, list kinds and regions with list_facets; the prompt answer_from_records sets out the method. Cite every record you use by its url, as the reuse terms require. The quota (${rateLimit} requests a minute per address) is shared with the HTTP API.`;

/**
 * A new MCP server over `context` (one per HTTP request in stateless mode, one for a stdio session); `rateLimit` is
 * the limit of the quota it counts in (default: the default quota's).
 */
export function createMcpServer(
  context: ToolContext & { rateLimit?: number },
  logError: (error: unknown) => void = (error) => console.error('[mcp] unexpected error', error),
): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
    instructions: instructions(context.rateLimit ?? defaultQuotaOptions.limit),
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map(({ run: _run, ...tool }) => tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    telemetry.tool(tool ? tool.name : 'unknown');
    if (!tool)
      return toolError(
        `no tool named ${JSON.stringify(request.params.name)}; the tools are ${TOOLS.map((t) => t.name).join(', ')}`,
      );
    try {
      return await tool.run(request.params.arguments ?? {}, context);
    } catch (error) {
      logError(error);
      return toolError('an unexpected error occurred; it has been logged; retry later');
    }
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: resourceTemplates(context.siteUrl),
  }));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => listResources(context, request.params?.cursor));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(context, request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: PROMPTS.map((prompt) => ({ ...prompt, arguments: [...prompt.arguments] })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(request.params.name, request.params.arguments, context.siteUrl),
  );
  server.setRequestHandler(CompleteRequestSchema, async (request) =>
    complete(request.params.ref, request.params.argument),
  );
  return server;
}
