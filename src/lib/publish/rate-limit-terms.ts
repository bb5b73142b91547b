/**
 * The rate limit as the catalogue and the OpenAPI document state it. A build cannot know the quota of the hosts that
 * will serve it (RATE_LIMIT_PER_MINUTE is a setting of the server, the worker or the function, read when it starts),
 * so it writes both files with the default figure; the API handler, which holds the quota, serves them with the
 * figure it enforces (`withRateLimit`, applied once per file when the handler loads it).
 */
import { ARTEFACTS } from '../paths.ts';
import { defaultQuotaOptions } from '../quota.ts';

/** The figure a build writes: the default RATE_LIMIT_PER_MINUTE (the spec's 120). */
export const BUILT_RATE_LIMIT = defaultQuotaOptions.limit;

/** The sentence of OpenAPI's info.description. */
export const rateLimitSentence = (limit: number) =>
  `${limit} requests per minute per IP address on every route (429 with Retry-After past it).`;

/** The catalogue's limits.rate. */
export const catalogueRateLimit = (limit: number) =>
  `${limit} requests per minute per IP address, on every route, shared with the publisher’s MCP server; over it: 429 with Retry-After (1 to 60 seconds)`;

/** The description of OpenAPI's 429 responses. */
export const tooManyRequests = (limit: number) =>
  `More than ${limit} requests a minute from this address (this API and the MCP server together)`;

/** What withRateLimit reads and writes of the two documents. */
interface CatalogueText {
  limits: { rate: string };
}
interface OpenApiText {
  info: { description: string };
  paths: Record<string, Record<string, { responses?: Record<string, { description: string }> }>>;
}

/**
 * The artefact at `path` as a handler enforcing `limit` serves it: the catalogue and openapi.json with `limit`
 * stated wherever the build wrote BUILT_RATE_LIMIT; any other file, or the built figure itself, as it is.
 */
export function withRateLimit(path: string, text: string, limit: number): string {
  if (limit === BUILT_RATE_LIMIT || (path !== ARTEFACTS.catalogue && path !== ARTEFACTS.openapi)) return text;
  if (path === ARTEFACTS.catalogue) {
    const catalogue = JSON.parse(text) as CatalogueText;
    catalogue.limits.rate = catalogueRateLimit(limit);
    return JSON.stringify(catalogue, null, 2);
  }
  const doc = JSON.parse(text) as OpenApiText;
  const built = rateLimitSentence(BUILT_RATE_LIMIT);
  if (!doc.info.description.includes(built)) throw new Error(`${path}: info.description does not state "${built}"`);
  doc.info.description = doc.info.description.replace(built, () => rateLimitSentence(limit));
  for (const item of Object.values(doc.paths))
    for (const operation of Object.values(item)) {
      const answer = operation.responses?.['429'];
      if (answer) answer.description = tooManyRequests(limit);
    }
  return JSON.stringify(doc, null, 2);
}
