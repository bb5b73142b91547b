/**
 * Edge / serverless wrapper (Cloudflare Workers with static assets, Deno, Netlify or Vercel edge):
 * route /api/v1/* here and let the host serve everything else from dist/.
 */
import { createApiHandler, type ApiHandler } from '../lib/api/handler.ts';

/** Builds a handler that reads artefacts through `fetchAsset` (for Cloudflare: env.ASSETS.fetch). */
export function createEdgeHandler(fetchAsset: (request: Request) => Promise<Response>, origin: string, trustProxy = 1): ApiHandler {
  return createApiHandler({
    trustProxy,
    read: async (path) => {
      const response = await fetchAsset(new Request(new URL(`/${path}`, origin)));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`asset ${path}: HTTP ${response.status}`);
      return response.text();
    },
  });
}
