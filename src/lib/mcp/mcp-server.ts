/**
 * The companion MCP server: the tools of tools.ts on the SDK's low-level Server, so that tool arguments are checked
 * by the API's own parser (same messages as /api/v1) rather than by a second validation with other words.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, toolError, type ToolContext } from './tools.ts';

/** Name and version the server announces at initialisation. */
export const MCP_SERVER_INFO = { name: 'permis-facts', version: '1.0.0' } as const;

/** What the assistant is told at initialisation. */
const INSTRUCTIONS =
  'Public reference records about driving licences in Belgium (French). Search with search_facts, read one record with get_fact, list kinds and regions with list_facets. Cite every record you use by its url, as the reuse terms in each answer require. The quota (120 requests a minute per address) is shared with the HTTP API.';

/** A new MCP server over `context` (one per HTTP request in stateless mode, one for a stdio session). */
export function createMcpServer(context: ToolContext, logError: (error: unknown) => void = (error) => console.error('[mcp] unexpected error', error)): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema: inputSchema as { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return toolError(`no tool named ${JSON.stringify(request.params.name)}; the tools are ${TOOLS.map((t) => t.name).join(', ')}`);
    try {
      return await tool.run(request.params.arguments ?? {}, context);
    } catch (error) {
      logError(error);
      return toolError('an unexpected error occurred; it has been logged; retry later');
    }
  });
  return server;
}
