/**
 * The MCP tools, answered by the API handler itself (same parsing, engine, artefacts and messages as /api/v1), so
 * search_facts gives the records GET /facts gives, as compact summaries. Runtime-free: Node and the edge serve them.
 * Input and output schemas are JSON Schemas made from the API's zod schemas (src/lib/schema/).
 */
import { z } from 'zod';
import { summarize } from '../records/summarize.ts';
import type { Fact } from '../schema/fact.ts';
import { FactsQuerySchema } from '../schema/facts-query.ts';
import {
  EXCERPT_MAX,
  FacetsAnswerSchema,
  FactAnswerSchema,
  SearchAnswerSchema,
  type SearchAnswer,
} from '../schema/mcp-answers.ts';
import type { ListResponse } from '../schema/responses.ts';
import { IdSchema } from '../schema/vocabulary.ts';
import { apiGet, cited, reuse, toolError, type ToolContext, type ToolResult } from './api-access.ts';
import { show } from './jsonrpc-check.ts';
import { searchText } from './search-text.ts';

export { toolError, type ToolContext, type ToolResult } from './api-access.ts';

/** A zod schema as the JSON Schema (2020-12) of a tool: `io` says whether it describes arguments or answers. */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<
    string,
    unknown
  >;
  return rest as { type: 'object'; [key: string]: unknown };
};

/** Every tool only reads a closed corpus: no side effect, same answer for the same call, no outside world. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A plain-text excerpt of a record's Markdown text. */
export function excerpt(text: string): string {
  const plain = summarize(text);
  return plain.length <= EXCERPT_MAX ? plain : `${plain.slice(0, EXCERPT_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

const SEARCH_INPUT = jsonSchema(FactsQuerySchema.omit({ po_live: true }), 'input');
const GET_INPUT = jsonSchema(z.object({ id: IdSchema }), 'input');

/**
 * The arguments of a tool, each of the JSON type its inputSchema declares: a string for a string, a number or a
 * string for an integer (the API checks the digits and the range, as in a query string). A null stands for an absent
 * argument, as assistants send it for an optional one; any other value of another type is a tool error naming the
 * argument, the type and the value. Arguments the schema does not declare are returned as they are.
 */
export function typedArguments(
  inputSchema: ReturnType<typeof jsonSchema>,
  args: Record<string, unknown>,
): { args: Record<string, unknown> } | { error: ToolResult } {
  const schema = inputSchema as { properties?: Record<string, { type?: string }>; required?: string[] };
  const present = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
  for (const [name, value] of Object.entries(present)) {
    const type = schema.properties?.[name]?.type;
    if (type === 'string' && typeof value !== 'string')
      return { error: toolError(`${name} must be a string, got ${show(value)}`) };
    if (type === 'integer' && typeof value !== 'number' && typeof value !== 'string')
      return { error: toolError(`${name} must be an integer, got ${show(value)}`) };
  }
  const missing = schema.required?.find((name) => !(name in present));
  if (missing !== undefined) return { error: toolError(`${missing} is required; it is missing`) };
  return { args: present };
}

/** Every tool: name, title, description, annotations, JSON input and output schemas, and how it runs. */
export const TOOLS = [
  {
    name: 'search_facts',
    title: 'Search the records',
    description:
      'Search and list permis-facts records (driving licences in Belgium): GET /api/v1/facts, same parameters, limits, results and order, each record as a summary (id, title, url, kind, regions, excerpt). Every word of q must match. Read a whole record with get_fact. Page with offset until offset reaches total. Cite each record used by its url.',
    annotations: READ_ONLY,
    inputSchema: SEARCH_INPUT,
    outputSchema: jsonSchema(SearchAnswerSchema, 'output'),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const checked = typedArguments(SEARCH_INPUT, args);
      if ('error' in checked) return checked.error;
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(checked.args)) {
        if (name === 'po_live')
          return toolError('po_live is not an argument of search_facts (it only exists in the HTTP API)');
        // An unknown name is the API's to refuse, whatever its value.
        params.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      const answer = await apiGet<ListResponse>(context, `/facts?${params}`);
      if ('message' in answer) return toolError(answer.message);
      const { results, ...page } = answer.body;
      const summaries = results.map(({ id, title, url, kind, regions, text }) => ({
        id,
        title,
        url,
        kind,
        regions,
        excerpt: excerpt(text),
      }));
      const structured: SearchAnswer = { results: summaries, ...page, reuse: reuse(context.siteUrl, false) };
      // The text block is for clients that ignore structuredContent: the same answer, as Markdown (half the size of its JSON).
      return { content: [{ type: 'text', text: searchText(structured) }], structuredContent: structured };
    },
  },
  {
    name: 'get_fact',
    title: 'Read one record',
    description:
      'One permis-facts record in full by its id (as returned by search_facts): GET /api/v1/facts/{id}, with how to cite it and the reuse terms.',
    annotations: READ_ONLY,
    inputSchema: GET_INPUT,
    outputSchema: jsonSchema(FactAnswerSchema, 'output'),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const extra = Object.keys(args).filter((name) => name !== 'id');
      if (extra.length) return toolError(`get_fact takes only id; unknown argument ${JSON.stringify(extra[0])}`);
      const checked = typedArguments(GET_INPUT, args);
      if ('error' in checked) return checked.error;
      const id = checked.args.id as string;
      const answer = await apiGet<Fact>(context, `/facts/${encodeURIComponent(id)}`);
      // The API's hint names its own route; an assistant finds ids with the search tool.
      if ('message' in answer && answer.code === 'record_not_found')
        return toolError(`no record has the id ${JSON.stringify(id)}; find ids with search_facts (record_not_found)`);
      if ('message' in answer) return toolError(answer.message);
      return ok({ record: cited(answer.body), reuse: reuse(context.siteUrl, true) });
    },
  },
  {
    name: 'list_facets',
    title: 'List kinds and regions',
    description:
      'The kinds and regions of permis-facts records, each with its number of records, and the corpus size: values for the kind and region arguments of search_facts.',
    annotations: READ_ONLY,
    inputSchema: jsonSchema(z.object({}), 'input'),
    outputSchema: jsonSchema(FacetsAnswerSchema, 'output'),
    async run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
      const extra = Object.keys(args);
      if (extra.length) return toolError(`list_facets takes no argument; unknown argument ${JSON.stringify(extra[0])}`);
      const answer = await apiGet<{
        corpus: { records: number; by_kind: object; by_region: object; updated_at: string | null };
      }>(context, '/');
      if ('message' in answer) return toolError(answer.message);
      const { records, by_kind, by_region, updated_at } = answer.body.corpus;
      return ok({ records, kinds: by_kind, regions: by_region, updated_at, reuse: reuse(context.siteUrl, false) });
    },
  },
] as const;

/** A JSON answer: the structured content, and the same JSON as text for older clients. */
function ok(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}
