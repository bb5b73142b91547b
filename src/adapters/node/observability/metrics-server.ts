/**
 * Node-only: the Prometheus endpoint, GET /metrics on its own port (METRICS_PORT), behind a bearer token
 * (METRICS_TOKEN): never on the public port, never anonymous. A refusal is JSON, as every error of the service.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lifecycleLog, type ServerLog } from './logger.ts';
import { METRICS_CONTENT_TYPE } from './metrics.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The metrics server: `text` gives the exposition (this process's registry, or the cluster's aggregate). */
export function createMetricsServer(token: string, text: () => Promise<string>): Server {
  return createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const error = (status: number, code: string, message: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...JSON_HEADERS, ...extra });
      res.end(JSON.stringify({ error: { code, message } }));
    };
    if (path !== '/metrics')
      return error(404, 'route_not_found', `no route at ${JSON.stringify(path)}; the metrics are at /metrics`);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return error(405, 'method_not_allowed', `method ${req.method} is not allowed; use GET or HEAD`, {
        allow: 'GET, HEAD',
      });
    if (!bearerMatches(req.headers.authorization, token)) {
      return error(401, 'unauthorized', 'the metrics need Authorization: Bearer <METRICS_TOKEN>', {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    try {
      const body = await text();
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
      res.end(body);
    } catch (failure) {
      error(503, 'service_unavailable', `the metrics could not be gathered: ${(failure as Error).message}`, {
        'retry-after': '5',
      });
    }
  });
}

/** Logs where the metrics are served (METRICS_PORT may be 0: the system's choice). */
export function logMetricsAddress(log: ServerLog, host: string, server: Server): void {
  lifecycleLog(log).info(
    { event: 'start' },
    `permis-facts: metrics on http://${host}:${(server.address() as AddressInfo).port}/metrics (bearer token required)`,
  );
  log.flush();
}
