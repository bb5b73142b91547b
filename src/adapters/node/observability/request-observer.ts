/**
 * Node-only: what the Node server records of each request: one access line (pino) and the metrics (prom-client).
 * The client appears only as a daily keyed hash of its quota key; the search text only with LOG_QUERIES=1.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddress, clientKey } from '../../../lib/api/client-address.ts';
import type { RefusedAnswer } from '../client-errors.ts';
import { matchRoute } from '../../../lib/api/routes.ts';
import { API_BASE, MCP_PATH } from '../../../lib/paths.ts';
import { setTelemetry, type CacheTrace } from '../../../lib/telemetry.ts';
import type { ServerLog } from './logger.ts';
import { writtenReply } from '../raw-request.ts';
import type { ServerMetrics } from './metrics.ts';

/** Options of createRequestObserver. */
export interface RequestObserverOptions {
  log: ServerLog;
  /** The series to feed; omitted, no metrics are kept. */
  metrics?: ServerMetrics | undefined;
  /** Log the `q` of /facts requests (LOG_QUERIES=1). */
  logQueries: boolean;
  /** Hashes a client key for the log (client-hash.ts). */
  clientHash: (client: string) => string;
  trustProxy: number;
  ipv6Prefix: number;
}

/** The route label of a request the parser refused before its target could be read. */
export const UNPARSED_ROUTE = 'unparsed';

/** The bounded route label of a path: a route template, never a raw path (metrics labels must stay few). */
export function routeOf(pathname: string): string {
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === MCP_PATH) return pathname;
  if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
    const route = matchRoute(pathname);
    return route ? `${API_BASE}${route.name === '/' ? '' : route.name}` : `${API_BASE}/*`;
  }
  return 'page';
}

/** Wraps request handling: `observe(req, res, handle)` runs `handle` and records the request once it is answered. */
export function createRequestObserver(options: RequestObserverOptions) {
  const { log, metrics } = options;
  const access = log.isLevelEnabled('info');
  // The cache outcome reaches the access line through the request (CacheTrace), not AsyncLocalStorage: tracking async
  // context made every promise of every request dearer (measured: about 30 µs a request, the whole cost of the log).
  setTelemetry({
    cache: (name, hit) => metrics?.cacheLookups.inc({ cache: name, outcome: hit ? 'hit' : 'miss' }),
    search: (ms) => metrics?.searchTime.observe(ms / 1000),
    tool: (name) => metrics?.mcpCalls.inc({ tool: name }),
  });

  // Without a trusted proxy the client key depends on the connection only: worked out once per connection, not per request.
  const byConnection = new WeakMap<Socket, string>();
  const keyOf = (req: IncomingMessage) => {
    const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
    return clientAddress({ headers }, req.socket.remoteAddress, options.trustProxy, options.ipv6Prefix);
  };
  const clientOf = (req: IncomingMessage): string => {
    if (options.trustProxy > 0) return keyOf(req);
    let key = byConnection.get(req.socket);
    if (key === undefined) byConnection.set(req.socket, (key = keyOf(req)));
    return key;
  };

  /**
   * The access line and series of a request Node's parser refused (client-errors.ts): route `unparsed` and method
   * `-` unless the request could be repaired or its method read; the path is never logged (the target may be anything).
   */
  function refused(answer: RefusedAnswer): void {
    const target = answer.target;
    const pathname = target === undefined ? undefined : target.split('?', 1)[0]!.slice(0, 300);
    const route = pathname === undefined ? UNPARSED_ROUTE : routeOf(pathname);
    if (metrics) {
      metrics.requests.inc({ route, status: String(answer.status) });
      if (answer.status === 429) metrics.rateLimited.inc({ route });
    }
    if (!access) return;
    const client = options.clientHash(clientKey(answer.remoteAddress ?? 'unknown', options.ipv6Prefix));
    log.info(
      {
        method: answer.method ?? '-',
        route,
        path: pathname ?? '-',
        status: answer.status,
        ms: 0,
        bytes: answer.bytes,
        cache: 'none',
        encoding: answer.encoding,
        client,
      },
      'request',
    );
  }

  return Object.assign(observe, { refused });

  function observe(
    req: IncomingMessage,
    res: ServerResponse,
    handle: (trace: CacheTrace) => Promise<void>,
  ): Promise<void> {
    const started = performance.now();
    const outcome: CacheTrace = { cache: 'none' };
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const target = req.url ?? '/';
      const query = target.indexOf('?');
      const pathname = (query === -1 ? target : target.slice(0, query)).slice(0, 300);
      const route = routeOf(pathname);
      const status = res.statusCode;
      if (metrics) {
        metrics.requests.inc({ route, status: String(status) });
        metrics.latency.observe({ route }, seconds);
        if (status === 429) metrics.rateLimited.inc({ route });
      }
      if (!access) return;
      const reply = writtenReply(res);
      const client = options.clientHash(clientOf(req));
      const line: Record<string, unknown> = {
        method: req.method,
        route,
        path: pathname,
        status,
        ms: Math.round(seconds * 1e4) / 10,
        bytes: reply?.bytes ?? 0,
        cache: outcome.cache,
        encoding: reply?.encoding ?? 'identity',
        client,
      };
      if (options.logQueries && route === `${API_BASE}/facts` && query !== -1) {
        const q = new URLSearchParams(target.slice(query + 1)).get('q');
        if (q !== null) line.q = q;
      }
      log.info(line, 'request');
    });
    return handle(outcome);
  }
}
