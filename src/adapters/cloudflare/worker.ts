/**
 * Cloudflare Worker entry (wrangler.jsonc `main`): /api/v1 goes to the handler and /mcp to the MCP endpoint, both with
 * the client address from CF-Connecting-IP and one quota in the QuotaWindow Durable Object; every other path is a
 * static asset of dist/.
 */
import { assetReader, builtSiteUrl, EDGE_CACHE_BOUNDS } from '../web/edge.ts';
import { discard } from '../../lib/http/body.ts';
import { createDurableQuota, type QuotaWindowStub } from './durable-quota.ts';
import type { AssetsBinding, DurableObjectNamespace } from './types.ts';
import { readSettings } from '../../lib/config.ts';
import { MCP_PATH } from '../../lib/paths.ts';
import { toResponse } from '../../lib/api/responses.ts';
import { createService, isApiPath, isMcpNearMiss, mcpRouteNotFound, unavailable, type Service } from '../service.ts';

/** The quota's Durable Object class, exported from the entry as wrangler.jsonc's `durable_objects` requires. */
export { QuotaWindow } from './quota-window.ts';

/** The worker's bindings and variables (wrangler.jsonc). */
export interface WorkerEnv {
  ASSETS: AssetsBinding;
  QUOTA: DurableObjectNamespace<QuotaWindowStub>;
  RATE_LIMIT_PER_MINUTE?: string;
  /** Bearer token of GET /api/v1/_zero-results (a secret: `wrangler secret put SEARCH_REPORT_TOKEN`); unset, no report. */
  SEARCH_REPORT_TOKEN?: string;
  /** Origin of the 307 Location. Default: the SITE_URL the build was made with (its OpenAPI `servers`). */
  SITE_URL?: string;
}

// One per isolate: the handler's caches (index, records, answers) live as long as the isolate.
let served: Promise<Service> | undefined;

async function createServed(env: WorkerEnv): Promise<Service> {
  const settings = readSettings({ RATE_LIMIT_PER_MINUTE: env.RATE_LIMIT_PER_MINUTE, SITE_URL: env.SITE_URL });
  const fetchAsset = (request: Request) => env.ASSETS.fetch(request);
  const siteUrl = env.SITE_URL ? settings.SITE_URL : await builtSiteUrl(fetchAsset);
  // One quota for both: same Durable Object per client key, and one in-memory fallback while it is unreachable.
  // No `compress`: Cloudflare compresses responses itself. Queries that found nothing are counted in this isolate's
  // memory (bounded; lost when the isolate ends).
  const quota = createDurableQuota(env.QUOTA, { limit: settings.RATE_LIMIT_PER_MINUTE });
  return createService({
    read: assetReader(fetchAsset),
    quota,
    siteUrl,
    cache: EDGE_CACHE_BOUNDS,
    handler: { reportToken: env.SEARCH_REPORT_TOKEN },
  });
}

/** The worker: /api/v1 and /mcp through the service, every other path from the static assets. */
export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const { pathname } = new URL(request.url);
    const isMcp = pathname === MCP_PATH;
    if (isMcpNearMiss(pathname)) {
      if (request.body) await discard(request.body);
      return toResponse(mcpRouteNotFound(pathname));
    }
    if (!isMcp && !isApiPath(pathname)) return env.ASSETS.fetch(request);
    let service: Service;
    try {
      service = await (served ??= createServed(env));
    } catch (error) {
      served = undefined; // retried by the next request
      console.error(`[worker] cannot start the API: ${(error as Error).message}`);
      return unavailable();
    }
    // Cloudflare sets CF-Connecting-IP to the visitor's address and a client cannot override it.
    const info = { clientAddress: request.headers.get('cf-connecting-ip') ?? undefined };
    // The MCP endpoint reads every body it is sent to its end itself.
    if (isMcp) return (await service.mcp())(request, info);
    // No route reads a body (non-GET gets 405), but an unread body makes workerd reset the connection now and
    // then under the answer (cancelling it does not help): read it through, keeping nothing.
    if (request.body) await discard(request.body);
    return service.api(request, info);
  },
};
