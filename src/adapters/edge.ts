/**
 * Edge / serverless wrapper (Cloudflare Workers with static assets, Deno, Netlify or Vercel edge):
 * route /api/v1/* here and let the host serve everything else from dist/.
 */
import { createApiHandler, type ApiHandler, type ApiHandlerOptions } from '../lib/api/handler.ts';
import { API_BASE } from '../lib/paths.ts';

/** Options of createEdgeHandler: how to fetch the static files, plus any handler option (limiter, trustProxy...). */
export interface EdgeHandlerOptions extends Omit<ApiHandlerOptions, 'read'> {
  /** Fetches a static file of dist/ (for Cloudflare: env.ASSETS.fetch). */
  fetchAsset: (request: Request) => Promise<Response>;
  /** Origin used for those fetches. Default https://assets.internal (the assets binding ignores it). */
  assetOrigin?: string;
}

/** Builds a handler that reads its artefacts through `fetchAsset`. */
export function createEdgeHandler({ fetchAsset, assetOrigin = 'https://assets.internal', ...options }: EdgeHandlerOptions): ApiHandler {
  return createApiHandler({
    ...options,
    read: async (path) => {
      const response = await fetchAsset(new Request(new URL(`/${path}`, assetOrigin)));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`asset ${path}: HTTP ${response.status}`);
      return response.text();
    },
  });
}

/** Whether a path belongs to the API (the handler answers it) rather than to the static site. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
}
