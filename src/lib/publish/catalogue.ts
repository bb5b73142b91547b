/** The catalogue served at /api/v1/: what the service is, its routes, limits, reuse terms and corpus. */
import type { Catalogue } from '../schema/catalogue.ts';
import type { Fact } from '../schema/fact.ts';
import { KINDS, REGIONS } from '../schema/vocabulary.ts';
import { QUERY_LIMITS } from '../schema/facts-query.ts';
import { API_BASE } from '../paths.ts';
import { describeMcp } from '../mcp/mcp-description.ts';
import { reuseBlock } from './reuse-terms.ts';
import { BUILT_RATE_LIMIT, catalogueRateLimit } from './rate-limit-terms.ts';
import { downloadApiPath, downloadsBlock, type BuiltDownloads } from './downloads.ts';

/** The line every page and the catalogue carry about the nature of the content. */
export const DEMO_NOTICE =
  'Demonstration content: these records show what the software does; check every rule with the official body cited before relying on it.';

/** The same notice in French, for the site, its feed and its JSON-LD. */
export const DEMO_NOTICE_FR =
  "Contenu de démonstration : ces fiches illustrent le logiciel. Vérifiez toute règle auprès de l'organisme officiel cité.";

/** Counts records per value of `key`, listing every possible value (zeros included). */
function countBy<T extends string>(
  facts: readonly Fact[],
  values: readonly T[],
  of: (f: Fact) => readonly T[],
): Record<T, number> {
  const counts = Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;
  for (const fact of facts) for (const v of of(fact)) counts[v] += 1;
  return counts;
}

/**
 * Builds the catalogue object for a corpus published at `siteUrl`, with the downloads the same build wrote, typed by
 * its schema (CatalogueSchema, which OpenAPI publishes).
 */
export function buildCatalogue(
  facts: readonly Fact[],
  siteUrl: string,
  generatedAt: Date,
  downloads: BuiltDownloads | null,
): Catalogue {
  const api = `${siteUrl}${API_BASE}`;
  const dates = facts
    .map((f) => f.modified_at ?? f.verified_at)
    .filter((d): d is string => Boolean(d))
    .sort();
  return {
    name: 'permis-facts',
    description:
      'Public, read-only JSON API of reference records (fiches) about driving licences in Belgium: rules, procedures, organizations, offers, people, professionals, articles, lessons, pages and tools.',
    notice: DEMO_NOTICE,
    version: '1',
    api_base: api,
    documentation: {
      openapi: `${api}/openapi.json`,
      human: `${siteUrl}/api/`,
      reuse_terms: `${siteUrl}/reutilisation/`,
      site: `${siteUrl}/`,
    },
    endpoints: [
      { method: 'GET', path: `${API_BASE}/`, description: 'This catalogue' },
      {
        method: 'GET',
        path: `${API_BASE}/facts`,
        description: 'Search and list records: q, region, kind, limit, offset',
      },
      { method: 'GET', path: `${API_BASE}/facts/{id}`, description: 'One record, by id' },
      { method: 'GET', path: `${API_BASE}/openapi.json`, description: 'OpenAPI 3.1.0 description' },
      {
        method: 'GET',
        path: downloadApiPath('{file}'),
        description: 'The whole corpus as one file (see downloads): counts as one request, answers 307 to the file',
      },
    ],
    // The companion MCP server, outside /api/v1 (same records, same quota): the spec leaves the catalogue's content open.
    mcp: describeMcp(siteUrl),
    redirects:
      'Data routes without po_live answer 307 to the same URL with po_live=1 added; follow redirects (curl -L).',
    authentication: 'None: no key, no account, no cookie. CORS is public for GET; send requests without credentials.',
    caching:
      'Every 200 has a strong ETag and Cache-Control: public, max-age=300; send it back in If-None-Match to get 304 without a body (only such requests get a 304). Send Accept-Encoding: br or gzip for compressed answers.',
    limits: {
      // The default figure: the handler serving this file states its own (rate-limit-terms.ts).
      rate: catalogueRateLimit(BUILT_RATE_LIMIT),
      q_max_length: QUERY_LIMITS.qMaxLength,
      limit: QUERY_LIMITS.limit,
      offset: QUERY_LIMITS.offset,
    },
    pagination:
      'Start at offset 0 and advance by the number of results read; stop when offset reaches total or a page is empty; deduplicate by id.',
    reuse: reuseBlock(siteUrl),
    ...(downloads && { downloads: downloadsBlock(siteUrl, downloads) }),
    corpus: {
      records: facts.length,
      by_kind: countBy(facts, KINDS, (f) => [f.kind]),
      by_region: countBy(facts, REGIONS, (f) => f.regions),
      updated_at: dates.at(-1) ?? null,
      generated_at: generatedAt.toISOString(),
    },
  };
}
