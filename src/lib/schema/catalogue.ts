/** The catalogue served at /api/v1/ (schema name Catalogue), and the MCP and reuse blocks it shares with other answers. */
import { z } from 'zod';
import { KINDS, REGIONS } from './kinds-regions.ts';
import { QUERY_LIMITS } from './limits.ts';
import { DownloadsSchema } from './downloads.ts';

const bounds = (limit: { min: number; max: number; default: number }, what: string) =>
  z
    .object({
      min: z.literal(limit.min).describe(`Smallest ${what} accepted`),
      max: z.literal(limit.max).describe(`Largest ${what} accepted`),
      default: z.literal(limit.default).describe(`${what} applied when the parameter is absent`),
    })
    .describe(`Bounds of ${what}`);

/** The reuse terms block of the catalogue and of every MCP answer. */
export const ReuseSchema = z
  .object({
    terms: z.array(z.string()).readonly().describe('The reuse terms, one sentence each'),
    attribution: z.string().describe('The attribution to show when reusing a record'),
    page: z.url().describe('The reuse terms page of the site'),
  })
  .meta({ id: 'Reuse' });
export type Reuse = z.infer<typeof ReuseSchema>;

/** Where the MCP server is and how to use it: the catalogue's `mcp` field and the OpenAPI extension `x-mcp`. */
export const McpDescriptionSchema = z
  .object({
    url: z.url().describe('The Streamable HTTP endpoint of the MCP server'),
    protocol: z.string().describe('The protocol and transport spoken there'),
    transport: z.string().describe('How to send messages: method, headers, size limit, what comes back'),
    tools: z
      .array(
        z.object({
          name: z.string().describe('Tool name, as tools/call takes it'),
          description: z.string().describe('What the tool does and answers'),
        }),
      )
      .describe('The tools the server offers'),
    resources: z
      .object({
        uri_template: z.string().describe("RFC 6570 template of a record resource: the record's own API address"),
        description: z.string().describe('What resources/read answers and how resources/list pages'),
      })
      .describe('Each record as a resource'),
    prompts: z
      .array(
        z.object({
          name: z.string().describe('Prompt name, as prompts/get takes it'),
          description: z.string().describe('What the prompt asks the assistant to do'),
        }),
      )
      .describe('The prompts the server offers'),
    completions: z.string().describe('The arguments completion/complete answers'),
    quota: z.string().describe('How MCP requests count against the API quota, and what comes past it'),
    documentation: z.url().describe('Human documentation of the MCP server'),
  })
  .meta({ id: 'McpDescription' });
export type McpDescription = z.infer<typeof McpDescriptionSchema>;

const counts = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.object(
    Object.fromEntries(
      values.map((value) => [value, z.int().min(0).describe(`Records of ${what} ${value}`)]),
    ) as Record<T[number], z.ZodInt>,
  );

/** GET /api/v1/ response: what the service is, its routes, limits, reuse terms and corpus. */
export const CatalogueSchema = z
  .object({
    name: z.literal('permis-facts').describe('Name of the service'),
    description: z.string().describe('What the service publishes'),
    notice: z.string().describe('The nature of the content (demonstration records)'),
    version: z.string().describe('Version of the catalogue format'),
    api_base: z.url().describe('Base address of the API'),
    documentation: z
      .object({
        openapi: z.url().describe('This API described in OpenAPI 3.1.0'),
        human: z.url().describe('The API reference page of the site'),
        reuse_terms: z.url().describe('The reuse terms page'),
        site: z.url().describe('The site'),
      })
      .describe('Where the API and its terms are documented'),
    endpoints: z
      .array(
        z.object({
          method: z.literal('GET').describe('The only method accepted'),
          path: z.string().describe('Path of the route, from the site root'),
          description: z.string().describe('What the route answers'),
        }),
      )
      .describe('Every route of the API'),
    mcp: McpDescriptionSchema,
    redirects: z.string().describe('The po_live redirect rule'),
    authentication: z.string().describe('Authentication (none) and CORS'),
    caching: z.string().describe('ETags, revalidation and compression'),
    limits: z
      .object({
        rate: z.string().describe('The rate limit and what comes past it'),
        q_max_length: z.literal(QUERY_LIMITS.qMaxLength).describe('Longest q accepted, in characters'),
        limit: bounds(QUERY_LIMITS.limit, 'limit'),
        offset: bounds(QUERY_LIMITS.offset, 'offset'),
      })
      .describe('Limits of the API'),
    pagination: z.string().describe('How to walk a search page by page'),
    reuse: ReuseSchema,
    downloads: DownloadsSchema.optional(),
    corpus: z
      .object({
        records: z.int().min(0).describe('Number of published records'),
        by_kind: counts(KINDS, 'kind').describe('Records per kind, every kind listed'),
        by_region: counts(REGIONS, 'region').describe(
          'Records per declared region, every region listed (a record may declare several)',
        ),
        updated_at: z
          .string()
          .nullable()
          .describe('Latest modified_at or verified_at of the corpus; null when no record has one'),
        generated_at: z.iso.datetime().describe('When the catalogue was built'),
      })
      .describe('The published corpus'),
  })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof CatalogueSchema>;
