/** The site's addresses, in one place for pages, records, the handler and tests. */

/** Prefix of every API route. */
export const API_BASE = '/api/v1';

/** Path of the companion MCP endpoint (Streamable HTTP), beside the API on the same origin. */
export const MCP_PATH = '/mcp';

/** Path of a record's human-readable page. */
export function recordPagePath(id: string): string {
  return `/fiches/${id}/`;
}

/** Absolute URL of a record's page on `siteUrl` (no trailing slash needed). */
export function recordPageUrl(siteUrl: string, id: string): string {
  return new URL(recordPagePath(id), withSlash(siteUrl)).href;
}

/** Path of a record's prebuilt JSON file (extensionless, so the static URL equals the API URL). */
export function recordJsonPath(id: string): string {
  return `${API_BASE}/facts/${id}`;
}

/** Where the build writes the artefacts the handler reads, relative to dist/. */
export const ARTEFACTS = {
  catalogue: 'api/v1/index.json',
  openapi: 'api/v1/openapi.json',
} as const;

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
