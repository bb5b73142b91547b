/** The OpenAPI document served at /api/v1/openapi.json (schema name OpenApiDocument): the parts this API fills in. */
import { z } from 'zod';
import { McpDescriptionSchema } from './catalogue.ts';

const Json = z.record(z.string(), z.unknown());

const OperationSchema = z.looseObject({
  operationId: z.string().describe('Name of the operation, for generated clients'),
  summary: z.string().describe('What the operation does'),
  parameters: z
    .array(
      z.looseObject({
        name: z.string().describe('Parameter name'),
        in: z.enum(['query', 'path', 'header']).describe('Where it goes'),
      }),
    )
    .describe('Query, path and header parameters'),
  responses: z
    .record(z.string(), z.looseObject({ description: z.string().describe('What this status means here') }))
    .describe('Each status the operation can answer'),
});

/** GET /openapi.json response: OpenAPI 3.1.0, every route of /api/v1, the schemas, and the MCP server as x-mcp. */
export const OpenApiDocumentSchema = z
  .object({
    openapi: z.literal('3.1.0').describe('OpenAPI version of this document'),
    info: z
      .object({
        title: z.string().describe('Name of the API'),
        version: z.string().describe('Version of this API description'),
        summary: z.string().describe('One line about the API'),
        description: z.string().describe('The rules every route follows'),
        license: z
          .object({ name: z.string().describe('Name of the terms'), url: z.url().describe('Page of the terms') })
          .describe('The reuse terms of the records'),
      })
      .describe('About the API'),
    servers: z
      .array(z.object({ url: z.url().describe('Base address of the API') }))
      .min(1)
      .describe('Where the API is served'),
    security: z.array(Json).max(0).describe('Empty: no authentication'),
    paths: z.record(z.string(), z.object({ get: OperationSchema })).describe('Every route: GET only'),
    components: z
      .object({
        schemas: z.record(z.string(), Json).describe('JSON Schemas of the bodies, generated from the zod schemas'),
      })
      .describe('Reusable parts'),
    'x-mcp': McpDescriptionSchema,
  })
  .meta({ id: 'OpenApiDocument' });
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
