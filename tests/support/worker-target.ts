/** The worker as an API test target: each target is its own workerd (Miniflare) over the test build, started on first use. */
import type { RequestInfo } from '../../src/lib/api/handler.ts';
import type { EdgeOptions, RunningEdge } from '../../scripts/lib/edge-runtime.ts';
import { TEST_BUNDLE, testSettings } from './test-build.ts';

const running: Promise<RunningEdge>[] = [];

/** Starts a local edge over the test build (bundle from the global setup, quiet logs). */
export function startTestEdge(options: Partial<EdgeOptions> = {}): Promise<RunningEdge> {
  // Imported on first use, so handler-only test files do not load Miniflare and wrangler.
  const edge = import('../../scripts/lib/edge-runtime.ts').then(({ startEdge }) =>
    startEdge({ distDir: testSettings.DIST_DIR, bundle: TEST_BUNDLE, verbose: false, ...options }),
  );
  running.push(edge);
  return edge;
}

/**
 * A target whose requests go through the worker, with its variables (RATE_LIMIT_PER_MINUTE, SITE_URL) and a fresh quota.
 * The client's address travels as CF-Connecting-IP, as Cloudflare sends it.
 */
export function workerTarget(vars: Record<string, string>) {
  let edge: Promise<RunningEdge> | undefined;
  return async (request: Request, info: RequestInfo = {}): Promise<Response> => {
    edge ??= startTestEdge({ vars });
    const { miniflare } = await edge;
    const headers = new Headers(request.headers);
    if (info.clientAddress) headers.set('cf-connecting-ip', info.clientAddress);
    const init = { method: request.method, headers: [...headers], redirect: 'manual' as const };
    const response = await miniflare.dispatchFetch(
      request.url,
      request.method === 'GET' || request.method === 'HEAD' ? init : { ...init, body: await request.arrayBuffer() },
    );
    return response as unknown as Response;
  };
}

/** Stops every workerd started so far (the workerd project's setup file calls it after each test file). */
export async function disposeTestEdges(): Promise<void> {
  await Promise.all(running.splice(0).map(async (edge) => (await edge).dispose()));
}
