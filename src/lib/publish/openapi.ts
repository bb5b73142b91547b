/** The OpenAPI 3.1.0 description of /api/v1, generated from the zod schemas. */
import { z } from 'zod';
import { FactSchema } from '../schema/fact.ts';
import { FactsQuerySchema, PoLiveSchema } from '../schema/facts-query.ts';
import { ErrorBodySchema, ListResponseSchema } from '../schema/responses.ts';
import { CatalogueSchema, McpDescriptionSchema, ReuseSchema } from '../schema/catalogue.ts';
import { DownloadsSchema } from '../schema/downloads.ts';
import { DOWNLOAD_LIMITS, DOWNLOAD_NAMES, DOWNLOAD_TYPES } from './download-files.ts';
import { OpenApiDocumentSchema, type OpenApiDocument } from '../schema/openapi-document.ts';
import { IdSchema } from '../schema/vocabulary.ts';
import { describeMcp, MCP_OPENAPI_EXTENSION } from '../mcp/mcp-description.ts';
import { REUSE_TERMS } from './reuse-terms.ts';
import { BUILT_RATE_LIMIT, rateLimitSentence, tooManyRequests } from './rate-limit-terms.ts';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Json;
  return rest;
};

const header = (description: string, schema: Json) => ({ description, schema });
const CORS = {
  'Access-Control-Allow-Origin': header('Always *: public CORS for GET', { type: 'string', const: '*' }),
  'Access-Control-Expose-Headers': header('Includes Retry-After, Location, ETag, RateLimit and RateLimit-Policy', {
    type: 'string',
  }),
  'RateLimit-Policy': header(
    'The quota (IETF draft-ietf-httpapi-ratelimit-headers): "default";q=<requests>;w=<window seconds>, e.g. "default";q=120;w=60',
    { type: 'string' },
  ),
  RateLimit: header(
    'What is left of this address\'s quota: "default";r=<requests left>;t=<seconds until the window resets>, e.g. "default";r=119;t=42',
    { type: 'string' },
  ),
};
const ETAG = header(
  'Strong entity tag of this body in this coding (a coded form has its own tag, suffixed -br or -gzip); send it back in If-None-Match',
  { type: 'string' },
);
/** Headers of a 200 and of the 304 that stands for it. */
const CACHE = {
  ETag: ETAG,
  'Cache-Control': header('public, max-age=300', { type: 'string', const: 'public, max-age=300' }),
  Vary: header('Accept-Encoding, on bodies of 1024 bytes or more when the server compresses', {
    type: 'string',
    const: 'Accept-Encoding',
  }),
};
const CONTENT_ENCODING = header(
  'br or gzip, as Accept-Encoding asked (br preferred on a tie), on bodies of 1024 bytes or more; absent when sent as is',
  { type: 'string', enum: ['br', 'gzip'] },
);
const LAST_MODIFIED = header(
  "The record's modified_at as an HTTP-date; absent when the record has none. Informative: the validator is the ETag (If-Modified-Since is not used)",
  { type: 'string' },
);
const RETRY_AFTER = header('Seconds to wait before retrying', { type: 'integer', minimum: 1, maximum: 60 });
const error = (description: string, extra: Json = {}) => ({
  description,
  headers: { ...CORS, ...extra },
  content: { 'application/json': { schema: ref('Error') } },
});

/** Responses every data route can give besides its 200. */
const COMMON = {
  '307': {
    description: 'Redirect to the same URL with po_live=1 added; follow it',
    headers: { ...CORS, Location: header('The same URL with po_live=1 added', { type: 'string', format: 'uri' }) },
  },
  '400': error(
    'Invalid parameters: unknown, repeated or out-of-range parameter, a name or value not UTF-8 percent-encoded (checked after the po_live redirect), bad po_live or bad id',
  ),
  '404': error('Unknown record or unknown route'),
  '405': error('Method refused: only GET is accepted', {
    Allow: header('Always GET', { type: 'string', const: 'GET' }),
  }),
  '429': error(tooManyRequests(BUILT_RATE_LIMIT), {
    'Retry-After': RETRY_AFTER,
  }),
  '503': error('Service unavailable; retry later with a bounded number of attempts', { 'Retry-After': RETRY_AFTER }),
};
const ok = (description: string, schema: Json, extra: Json = {}) => ({
  description,
  headers: { ...CORS, ...CACHE, 'Content-Encoding': CONTENT_ENCODING, ...extra },
  content: { 'application/json': { schema } },
});
/** The 304: not in the spec's status list, so sent only to a client that asks for it. */
const NOT_MODIFIED = {
  '304': {
    description:
      'Not Modified: sent only when the request carries If-None-Match with the current ETag of the answer it would get (or *). No body; the same CORS, ETag, Vary and Cache-Control headers as the 200. A request without If-None-Match never gets a 304.',
    headers: { ...CORS, ...CACHE },
  },
};
/** The request headers a client may send to revalidate and to receive a compressed answer. */
const CONDITIONAL_HEADERS = [
  {
    name: 'If-None-Match',
    in: 'header' as const,
    required: false,
    description: 'ETags of answers the client holds; a match gives 304 without a body',
    schema: { type: 'string' },
  },
  {
    name: 'Accept-Encoding',
    in: 'header' as const,
    required: false,
    description: 'br and gzip are offered for bodies of 1024 bytes or more; each answer is compressed once and kept',
    schema: { type: 'string' },
  },
];

const poLive = {
  name: 'po_live',
  in: 'query' as const,
  required: false,
  description: PoLiveSchema.description,
  schema: jsonSchema(PoLiveSchema),
};
const queryParams = Object.entries(FactsQuerySchema.shape)
  .filter(([name]) => name !== 'po_live')
  .map(([name, schema]) => ({
    name,
    in: 'query' as const,
    required: false,
    description: schema.description,
    schema: jsonSchema(schema),
  }));

/** Builds the document for a site at `siteUrl`, typed by its own schema (OpenApiDocument, published in it). */
export function buildOpenApi(siteUrl: string): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  registry
    .add(FactSchema, { id: 'Fact' })
    .add(ListResponseSchema, { id: 'FactList' })
    .add(ErrorBodySchema, { id: 'Error' });
  registry
    .add(CatalogueSchema, { id: 'Catalogue' })
    .add(ReuseSchema, { id: 'Reuse' })
    .add(McpDescriptionSchema, { id: 'McpDescription' })
    .add(OpenApiDocumentSchema, { id: 'OpenApiDocument' })
    .add(DownloadsSchema, { id: 'Downloads' });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'permis-facts public content lookup API',
      version: '1.2.0',
      summary: 'Read-only public records about driving licences in Belgium',
      license: { name: 'permis-facts reuse terms', url: `${siteUrl}/reutilisation/` },
      description: `Public, read-only JSON API. No authentication. ${rateLimitSentence(BUILT_RATE_LIMIT)} Data routes without po_live answer 307 to the same URL with po_live=1 added. Only GET is accepted (405 otherwise). Every 200 carries a strong ETag and Cache-Control: public, max-age=300; a request with If-None-Match naming the current ETag gets 304 without a body (no other request gets a 304). Bodies of 1024 bytes or more are sent compressed (br or gzip) when Accept-Encoding asks, with Vary: Accept-Encoding. The publisher's MCP server for assistants, at ${siteUrl}/mcp, shares this quota; it is described by the ${MCP_OPENAPI_EXTENSION} extension of this document. Reuse terms: ${REUSE_TERMS.join(' ')}`,
    },
    servers: [{ url: `${siteUrl}/api/v1` }],
    security: [],
    paths: {
      '/': {
        get: {
          operationId: 'getCatalogue',
          summary: 'Catalogue: what the API is, its routes, limits, reuse terms and corpus',
          parameters: [poLive, ...CONDITIONAL_HEADERS],
          responses: { '200': ok('The catalogue', ref('Catalogue')), ...NOT_MODIFIED, ...COMMON },
        },
      },
      '/facts': {
        get: {
          operationId: 'searchFacts',
          summary: 'Search and list records, paginated',
          parameters: [...queryParams, poLive, ...CONDITIONAL_HEADERS],
          responses: { '200': ok('One page of records', ref('FactList')), ...NOT_MODIFIED, ...COMMON },
        },
      },
      '/facts/{id}': {
        get: {
          operationId: 'getFact',
          summary: 'One record, returned directly (not wrapped)',
          parameters: [
            {
              name: 'id',
              in: 'path' as const,
              required: true,
              description: IdSchema.description,
              schema: jsonSchema(IdSchema),
            },
            poLive,
            ...CONDITIONAL_HEADERS,
          ],
          responses: {
            '200': ok('The record', ref('Fact'), { 'Last-Modified': LAST_MODIFIED }),
            ...NOT_MODIFIED,
            ...COMMON,
          },
        },
      },
      '/downloads/{file}': {
        get: {
          operationId: 'getDownload',
          summary:
            'The whole corpus as one file: counts as one request, then 307 to the static file (follow redirects)',
          description: `The files are the corpus as the build wrote it; the catalogue's downloads block gives each one's size, SHA-256 and record count (check them). ${DOWNLOAD_NAMES.jsonl}: every record exactly as GET /facts/{id} returns it, one a line, gzip (application/gzip, no Content-Encoding). ${DOWNLOAD_NAMES.csv}: one row per record, UTF-8 with a byte order mark, CRLF. ${DOWNLOAD_NAMES.datapackage} and ${DOWNLOAD_NAMES.dcat} describe them. No file exceeds ${DOWNLOAD_LIMITS.maxFileBytes} bytes: a build whose file would be larger writes no download, and its catalogue has no downloads block (walk /facts then). The file itself is a static file of the site, outside this quota, served with ETag, Range and (CSV, metadata) compression.`,
          parameters: [
            {
              name: 'file',
              in: 'path' as const,
              required: true,
              description: 'A download file name',
              schema: { type: 'string', enum: Object.values(DOWNLOAD_NAMES) },
            },
            poLive,
          ],
          responses: {
            '200': {
              description:
                'The file, as a client that follows the 307 receives it from the static host (this route itself never answers 200): ETag and Range; the CSV and the metadata compressed when Accept-Encoding asks',
              content: Object.fromEntries(
                Object.values(DOWNLOAD_TYPES).map((type) => [
                  type.split(';')[0]!,
                  { schema: { type: 'string', contentMediaType: type.split(';')[0]! } },
                ]),
              ),
            },
            '307': {
              description:
                'To the file, on the same origin as the request; po_live is not needed and is never asked for here',
              headers: {
                ...CORS,
                Location: header('The path of the file (/downloads/<file>), resolved on the request origin', {
                  type: 'string',
                  format: 'uri-reference',
                }),
              },
            },
            ...Object.fromEntries(Object.entries(COMMON).filter(([s]) => s !== '307')),
            '404': error('No download of this name, or a build without downloads'),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This document (no po_live redirect)',
          parameters: [poLive, ...CONDITIONAL_HEADERS],
          responses: {
            '200': ok('OpenAPI 3.1.0 document', ref('OpenApiDocument')),
            ...NOT_MODIFIED,
            ...Object.fromEntries(Object.entries(COMMON).filter(([s]) => s !== '307')),
          },
        },
      },
    },
    components: { schemas },
    // Not a path: /mcp is outside the servers' base address and speaks JSON-RPC over POST, not this API's GET rules.
    [MCP_OPENAPI_EXTENSION]: describeMcp(siteUrl),
  };
}
