/**
 * Edge / serverless wrapper (Cloudflare Workers with static assets, Deno, Netlify or Vercel edge):
 * route /api/v1/* here and let the host serve everything else from dist/.
 */
import { createApiHandler, type ApiHandler, type ApiHandlerOptions } from '../../lib/api/handler.ts';
import type { ReadArtefact } from '../../lib/api/artefacts.ts';
import { ARTEFACTS } from '../../lib/paths.ts';

/** Whether a path belongs to the API (service.ts), for hosts that route it here. */
export { isApiPath } from '../service.ts';

/** Options of createEdgeHandler: how to fetch the static files, plus any handler option (quota, trustProxy...). */
export interface EdgeHandlerOptions extends Omit<ApiHandlerOptions, 'read'> {
  /** Fetches a static file of dist/ (for Cloudflare: env.ASSETS.fetch). */
  fetchAsset: (request: Request) => Promise<Response>;
  /** Origin used for those fetches. Default https://assets.internal (the assets binding ignores it). */
  assetOrigin?: string;
}

/** Builds a handler that reads its artefacts through `fetchAsset`. */
export function createEdgeHandler({
  fetchAsset,
  assetOrigin = 'https://assets.internal',
  ...options
}: EdgeHandlerOptions): ApiHandler {
  return createApiHandler({ ...options, read: assetReader(fetchAsset, assetOrigin) });
}

/** Reads artefacts through `fetchAsset`: a 404 is an artefact the build did not make (null), any other failure an error. */
export function assetReader(
  fetchAsset: (request: Request) => Promise<Response>,
  assetOrigin = 'https://assets.internal',
): ReadArtefact {
  return async (path) => {
    const response = await fetchAsset(new Request(new URL(`/${path}`, assetOrigin)));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`asset ${path}: HTTP ${response.status}`);
    return response.text();
  };
}

/**
 * Cache bounds for a 128 MB isolate. Worst case: records 8 MiB, answers 16 MiB, the engine's rankings and
 * queries 33 MiB (SEARCH_CACHE_BOUNDS), decoded term files 16 MiB and document blocks 4 MiB: 77 MiB of caches
 * over the listing (2 bytes a record) and the code. The Node server's bounds (NODE_RECORD_CACHE, NODE_SEARCH_FILES) would not fit.
 */
export const EDGE_CACHE_BOUNDS = {
  recordCache: { entries: 500, bytes: 8 * 2 ** 20 },
  replyCache: { entries: 2_000, bytes: 16 * 2 ** 20 },
  search: { files: { terms: { entries: 1_000, bytes: 16 * 2 ** 20 }, docs: { entries: 2_000, bytes: 4 * 2 ** 20 } } },
} as const;

/** The site address the build was made with, so one SITE_URL (the build's) rules records and redirects alike. */
export async function builtSiteUrl(fetchAsset: (request: Request) => Promise<Response>): Promise<string> {
  const response = await fetchAsset(new Request(`https://assets.internal/${ARTEFACTS.openapi}`));
  if (!response.ok) throw new Error(`${ARTEFACTS.openapi}: HTTP ${response.status}`);
  const { servers } = (await response.json()) as { servers?: { url: string }[] };
  return new URL(servers![0]!.url).origin;
}
