/**
 * The API and /mcp as a function on a static host that routes those paths to it first (Netlify and Vercel edge
 * functions): artefacts are read over HTTP from the same deployment. The host's layout (scripts/host-layout.ts)
 * copies dist/api/ under HOSTED_ARTEFACTS, because /api/v1 itself always reaches the function and never a file.
 * The quota is counted in the isolate's memory: each isolate keeps its own RATE_LIMIT_PER_MINUTE window per client.
 */
import { readSettings } from '../../lib/config.ts';
import { assetReader, builtSiteUrl, EDGE_CACHE_BOUNDS } from './edge.ts';
import { unavailable } from '../service.ts';
import { createWebService, type WebService } from './web-service.ts';

/** Folder of the published site where the layout copies dist/api/ (the handler's catalogue, OpenAPI and records). */
export const HOSTED_ARTEFACTS = '_artefacts';

/** Where the function fetches a file of dist/ on its own deployment: dist/api/ under HOSTED_ARTEFACTS, the rest in place. */
export function hostedUrl(pathname: string, origin: string): URL {
  const clean = pathname.replace(/^\/+/, '');
  return new URL(clean.startsWith('api/') ? `/${HOSTED_ARTEFACTS}/${clean}` : `/${clean}`, origin);
}

/** Answers /api/v1 and /mcp, null for any other path; environment variables are read with `env`. */
export function createStaticHostService(
  env: (name: string) => string | undefined,
): (request: Request, clientAddress: string | undefined) => Promise<Response | null> {
  let service: Promise<WebService> | undefined;
  async function start(origin: string): Promise<WebService> {
    const settings = readSettings({ RATE_LIMIT_PER_MINUTE: env('RATE_LIMIT_PER_MINUTE'), SITE_URL: env('SITE_URL') });
    // The deployment's own address (its first request's origin): a fetch there reaches the static files.
    const fetchAsset = (request: Request) => fetch(hostedUrl(new URL(request.url).pathname, origin));
    const siteUrl = env('SITE_URL') ? settings.SITE_URL : await builtSiteUrl(fetchAsset);
    return createWebService({
      read: assetReader(fetchAsset),
      limit: settings.RATE_LIMIT_PER_MINUTE,
      siteUrl,
      ...EDGE_CACHE_BOUNDS,
    });
  }
  return async (request, clientAddress) => {
    let run: WebService;
    try {
      run = await (service ??= start(new URL(request.url).origin));
    } catch (error) {
      service = undefined; // the next request tries again
      console.error(`[edge] cannot start the API: ${(error as Error).message}`);
      return unavailable();
    }
    return run(request, clientAddress);
  };
}
