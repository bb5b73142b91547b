/** The human API reference (/api/), read from the OpenAPI document so that the two never disagree. */
import { ERROR_CODES, type ErrorCode } from '../schema/error-codes.ts';
import type { McpDescription } from '../schema/catalogue.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked by the keys its spec defines; tests/api/openapi.test.ts validates the document itself
type Json = Record<string, any>;

/** One parameter of a route, as the reference shows it. */
export interface ParameterDoc {
  name: string;
  in: ParameterPlace;
  /** Where it goes, as the page says it in French: « chemin », « requête », « en-tête », « cookie ». */
  place: string;
  required: boolean;
  rules: string[];
  description: string;
}
/** One answer of a route. */
export interface ResponseDoc {
  status: string;
  description: string;
  headers: string[];
  body: string | null;
}
/** One route. */
export interface RouteDoc {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  parameters: ParameterDoc[];
  responses: ResponseDoc[];
  curl: string;
}
/** One error code, with its status and meaning. */
export interface ErrorCodeDoc {
  code: string;
  meaning: string;
}
/** One field of a schema. */
export interface FieldDoc {
  name: string;
  required: boolean;
  rules: string[];
  description: string;
}
/** Everything the page shows. */
export interface ApiReference {
  title: string;
  version: string;
  openapi: string;
  base: string;
  routes: RouteDoc[];
  errorCodes: ErrorCodeDoc[];
  schemas: { name: string; fields: FieldDoc[] }[];
  mcp: McpDescription | null;
}

/** Where a parameter goes (OpenAPI's `in`, which has these four values), as the page labels it. */
export const PARAMETER_PLACES = { path: 'chemin', query: 'requête', header: 'en-tête', cookie: 'cookie' } as const;
/** An OpenAPI parameter location. */
export type ParameterPlace = keyof typeof PARAMETER_PLACES;

/** The French label of a parameter's location; any other `in` stops the build, naming the route and the parameter. */
function placeOf(p: Json, method: string, path: string): { in: ParameterPlace; place: string } {
  if (!Object.hasOwn(PARAMETER_PLACES, p.in))
    throw new Error(
      `${method.toUpperCase()} ${path}: parameter ${p.name}: in must be one of ${Object.keys(PARAMETER_PLACES).join(', ')}, got ${JSON.stringify(p.in)}`,
    );
  return { in: p.in, place: PARAMETER_PLACES[p.in as ParameterPlace] };
}

/** Example query of each operation, for its curl command (the path's {id} takes a real record id). */
const EXAMPLE_QUERY: Record<string, string> = { searchFacts: '?q=examen%20th%C3%A9orique&region=wallonie&limit=5' };

/** The constraints of a JSON Schema, as short code-like rules: type, enum, bounds, default, pattern. */
export function schemaRules(schema: Json = {}): string[] {
  const rules: string[] = [];
  if (schema.$ref) rules.push(String(schema.$ref).split('/').at(-1)!);
  if (schema.type)
    rules.push(
      schema.type === 'array'
        ? `array of ${schemaRules(schema.items)[0] ?? 'values'}`
        : `${schema.type}${schema.format ? ` (${schema.format})` : ''}`,
    );
  if (schema.const !== undefined) rules.push(`= ${JSON.stringify(schema.const)}`);
  if (schema.enum) rules.push(`one of ${schema.enum.join(', ')}`);
  if (schema.type === 'array' && schema.items?.enum) rules.push(`items: ${schema.items.enum.join(', ')}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    rules.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) rules.push(`at least ${schema.minItems} item${schema.minItems > 1 ? 's' : ''}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  return rules;
}

/** Builds the reference from an OpenAPI document; `exampleId` fills {id} in the curl examples. */
export function apiReference(doc: Json, exampleId: string): ApiReference {
  const base = String(doc.servers?.[0]?.url ?? '');
  const routes: RouteDoc[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]: [string, Json]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      summary: op.summary ?? '',
      parameters: (op.parameters ?? []).map((p: Json) => ({
        name: p.name,
        ...placeOf(p, method, path),
        required: Boolean(p.required),
        rules: schemaRules(p.schema),
        description: p.description ?? p.schema?.description ?? '',
      })),
      responses: Object.entries(op.responses as Json).map(([status, r]: [string, Json]) => ({
        status,
        description: r.description ?? '',
        headers: Object.keys(r.headers ?? {}),
        body: r.content?.['application/json']?.schema
          ? (schemaRules(r.content['application/json'].schema)[0] ?? null)
          : null,
      })),
      curl: `curl -L "${base}${path.replace('{id}', exampleId)}${EXAMPLE_QUERY[op.operationId] ?? ''}"`,
    })),
  );
  const codes: string[] = doc.components?.schemas?.Error?.properties?.error?.properties?.code?.enum ?? [];
  const schemas = ['Fact', 'FactList', 'Error']
    .filter((name) => doc.components?.schemas?.[name])
    .map((name) => {
      const schema = doc.components.schemas[name] as Json;
      const required = new Set<string>(schema.required ?? []);
      return {
        name,
        fields: Object.entries((schema.properties ?? {}) as Json).map(([field, s]: [string, Json]) => ({
          name: field,
          required: required.has(field),
          rules: schemaRules(s),
          description: s.description ?? '',
        })),
      };
    });
  return {
    title: doc.info.title,
    version: doc.info.version,
    openapi: doc.openapi,
    base,
    routes,
    errorCodes: codes.map((code) => ({ code, meaning: ERROR_CODES[code as ErrorCode] ?? '' })),
    schemas,
    mcp: (doc['x-mcp'] as McpDescription | undefined) ?? null,
  };
}
