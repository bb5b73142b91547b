/**
 * Cloudflare Worker entry (wrangler.jsonc `main`): /api/v1 goes to the handler, with the client address from
 * CF-Connecting-IP and the quota in the QuotaWindow Durable Object; every other path is a static asset of dist/.
 */
import { createEdgeHandler, isApiPath } from './edge.ts';
import { createDurableQuota, type QuotaWindowStub } from './cloudflare/durable-quota.ts';
import type { AssetsBinding, DurableObjectNamespace } from './cloudflare/types.ts';
import type { ApiHandler } from '../lib/api/handler.ts';
import { readSettings } from '../lib/config.ts';
import { HttpError } from '../lib/api/http-error.ts';
import { errorReply, toResponse } from '../lib/api/responses.ts';

export { QuotaWindow } from './cloudflare/quota-window.ts';

/** The worker's bindings and variables (wrangler.jsonc). */
export interface WorkerEnv {
  ASSETS: AssetsBinding;
  QUOTA: DurableObjectNamespace<QuotaWindowStub>;
  RATE_LIMIT_PER_MINUTE?: string;
}

// One handler per isolate: its caches (index, records) live as long as the isolate.
let handler: ApiHandler | undefined;

function createHandler(env: WorkerEnv): ApiHandler {
  const { RATE_LIMIT_PER_MINUTE } = readSettings({ RATE_LIMIT_PER_MINUTE: env.RATE_LIMIT_PER_MINUTE });
  return createEdgeHandler({
    fetchAsset: (request) => env.ASSETS.fetch(request),
    rateLimit: createDurableQuota(env.QUOTA, { limit: RATE_LIMIT_PER_MINUTE }),
  });
}

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    if (!isApiPath(new URL(request.url).pathname)) return env.ASSETS.fetch(request);
    try {
      handler ??= createHandler(env);
    } catch (error) {
      console.error(`[worker] ${(error as Error).message}`);
      return toResponse(errorReply(new HttpError(503, 'service_unavailable', 'the service is misconfigured; retry later', { 'retry-after': '60' })));
    }
    // Cloudflare sets CF-Connecting-IP to the visitor's address and a client cannot override it.
    return handler(request, { clientAddress: request.headers.get('cf-connecting-ip') ?? undefined });
  },
};
