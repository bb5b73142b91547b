/**
 * Node-only: GET /healthz (the process answers) and GET /readyz (it can serve: data loaded and verified, and the
 * shared quota store answering when there is one, and the build served unchanged since it was loaded). Outside
 * /api/v1 and the quota; /readyz reads no file, only the dates and sizes of the build's fixed files.
 */
import type { PlainReply } from './raw-request.ts';

/** What /readyz looks at. */
export interface Readiness {
  /** The build's integrity was checked (at start-up) and its index answered a first search. */
  loaded: boolean;
  /** Why the quota store cannot be trusted now, or null (the Redis quota's own state: no request to Redis here). */
  quotaProblem: () => string | null;
  /** Why the build served cannot answer every route now (a file of it changed or went missing since it was loaded), or null. */
  buildProblem?: () => Promise<string | null>;
}

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const json = (status: number, body: unknown, extra: Record<string, string> = {}): PlainReply => ({
  status,
  headers: { ...HEADERS, ...extra },
  body: JSON.stringify(body),
});

/**
 * The answer to /healthz or /readyz (any query ignored), or null for any other target. They take GET and HEAD, as
 * pages do; any other method gets 405 with `Allow: GET, HEAD` and the service's JSON error.
 */
export function healthReply(
  method: string | undefined,
  target: string | undefined,
  readiness: Readiness,
): Promise<PlainReply> | null {
  const path = (target ?? '').split('?')[0];
  if (path !== '/healthz' && path !== '/readyz') return null;
  if (method !== 'GET' && method !== 'HEAD') {
    const message = `method ${method} is not allowed on ${path}; use GET or HEAD`;
    return Promise.resolve(json(405, { error: { code: 'method_not_allowed', message } }, { allow: 'GET, HEAD' }));
  }
  if (path === '/healthz') return Promise.resolve(json(200, { status: 'ok' }));
  return readyReply(readiness);
}

async function readyReply(readiness: Readiness): Promise<PlainReply> {
  if (!readiness.loaded)
    return json(503, { error: { code: 'not_ready', message: 'the data is not loaded and verified yet' } });
  const problem = readiness.quotaProblem() ?? (await readiness.buildProblem?.()) ?? null;
  if (problem) return json(503, { error: { code: 'not_ready', message: problem } });
  return json(200, { status: 'ready' });
}
