/**
 * The MCP tools, answered by the API handler itself (same parsing, engine, artefacts and messages as /api/v1),
 * so search_facts gives exactly what GET /facts gives. Runtime-free: Node and the edge can both serve them.
 */
import { z } from 'zod';
import type { ApiHandler } from '../api/handler.ts';
import { API_BASE } from '../paths.ts';
import { reuseBlock } from '../publish/reuse-terms.ts';
import { FactsQuerySchema } from '../schema/facts-query.ts';
import { IdSchema } from '../schema/vocabulary.ts';

/** A tool's answer: JSON for the assistant (text and structured), or an error it can read. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What a tool needs: the handler's plain-reply path (requests already counted by the MCP server) and the site. */
export interface ToolContext {
  reply: ApiHandler['reply'];
  siteUrl: string;
}

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  return rest;
};

/** The reuse terms every answer carries, so that an assistant can cite as the terms require (the catalogue's, naming the field that holds the link). */
function reuse(siteUrl: string) {
  const block = reuseBlock(siteUrl);
  return { ...block, attribution: `${block.attribution} (its url)` };
}

/** A record with how to cite it: its title, publisher and url. */
function cited(record: Record<string, unknown>) {
  return { ...record, cite_as: `${String(record.title)}, permis-facts, ${String(record.url)}` };
}

const ok = (structured: Record<string, unknown>): ToolResult => ({ content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured });
/** A tool error (isError): the assistant sees the message, the protocol call itself succeeds. */
export const toolError = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** GETs an API path through the handler; an API error becomes a tool error with the API's own message. */
async function apiGet(context: ToolContext, path: string): Promise<{ body: Record<string, unknown> } | { error: ToolResult; code: string }> {
  const url = `${context.siteUrl}${API_BASE}${path}`;
  const answer = await context.reply({ method: 'GET', url, headers: { get: () => null } }, { uncounted: true });
  const text = typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body);
  const body = JSON.parse(text) as Record<string, unknown> & { error?: { code: string; message: string } };
  if (answer.status !== 200) return { error: toolError(body.error ? `${body.error.message} (${body.error.code})` : `the API answered ${answer.status}`), code: body.error?.code ?? String(answer.status) };
  return { body };
}

const SEARCH_ARGS = FactsQuerySchema.omit({ po_live: true });

/** Every tool: its name, description, JSON input schema (from the API's zod schemas), and how it runs. */
export const TOOLS = [
  {
    name: 'search_facts',
    description:
      'Search and list permis-facts records (driving licences in Belgium): exactly GET /api/v1/facts, same parameters, limits, results and order. Every word of q must match; results carry their url and the reuse terms. Page with offset until offset reaches total.',
    inputSchema: jsonSchema(SEARCH_ARGS),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(args)) {
        if (name === 'po_live') return toolError('po_live is not an argument of search_facts (it only exists in the HTTP API)');
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) params.append(name, typeof one === 'string' ? one : JSON.stringify(one));
      }
      params.append('po_live', '1');
      const answer = await apiGet(context, `/facts?${params}`);
      if ('error' in answer) return answer.error;
      const { results, ...page } = answer.body as { results: Record<string, unknown>[] };
      return ok({ results: results.map(cited), ...page, reuse: reuse(context.siteUrl) });
    },
  },
  {
    name: 'get_fact',
    description: 'One permis-facts record by its id (as returned by search_facts), with its url and the reuse terms.',
    inputSchema: jsonSchema(z.object({ id: IdSchema })),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const extra = Object.keys(args).filter((name) => name !== 'id');
      if (extra.length) return toolError(`get_fact takes only id; unknown argument ${JSON.stringify(extra[0])}`);
      if (typeof args.id !== 'string') return toolError(`id must be a string, got ${JSON.stringify(args.id ?? null)}`);
      const answer = await apiGet(context, `/facts/${encodeURIComponent(args.id)}?po_live=1`);
      // The API's hint names its own route; an assistant finds ids with the search tool.
      if ('error' in answer && answer.code === 'record_not_found') return toolError(`no record has the id ${JSON.stringify(args.id)}; find ids with search_facts (record_not_found)`);
      if ('error' in answer) return answer.error;
      return ok({ record: cited(answer.body), reuse: reuse(context.siteUrl) });
    },
  },
  {
    name: 'list_facets',
    description: 'The kinds and regions of permis-facts records, each with its number of records, and the corpus size: values for the kind and region arguments of search_facts.',
    inputSchema: jsonSchema(z.object({})),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const extra = Object.keys(args);
      if (extra.length) return toolError(`list_facets takes no argument; unknown argument ${JSON.stringify(extra[0])}`);
      const answer = await apiGet(context, '/?po_live=1');
      if ('error' in answer) return answer.error;
      const corpus = answer.body.corpus as { records: number; by_kind: Record<string, number>; by_region: Record<string, number>; updated_at: string | null };
      return ok({ records: corpus.records, kinds: corpus.by_kind, regions: corpus.by_region, updated_at: corpus.updated_at, reuse: reuse(context.siteUrl) });
    },
  },
] as const;
