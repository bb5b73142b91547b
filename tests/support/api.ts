/**
 * The API under test, and small helpers to call it. `API_TARGET=worker` (the vitest "workerd" project) runs the
 * same tests against the Cloudflare worker in workerd (Miniflare) instead of the handler called directly;
 * `API_TARGET=deno|bun|netlify|vercel` against those entries (tests/support/runtime-target.ts).
 */
import { builtIds } from './search.ts';
import { expect } from 'vitest';
import { createApiHandler, type ApiHandlerOptions, type RequestInfo } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { testSettings } from './test-build.ts';
import { workerTarget } from './worker-target.ts';
import { RUNTIMES, runtimeTarget, type RuntimeKind } from './runtime-target.ts';

/** Which implementation the API tests exercise: the handler itself, the worker in workerd, or another runtime's entry. */
export const API_TARGET: 'handler' | 'worker' | RuntimeKind =
  process.env.API_TARGET === 'worker' || RUNTIMES.includes(process.env.API_TARGET as RuntimeKind)
    ? (process.env.API_TARGET as 'worker' | RuntimeKind)
    : 'handler';

/** Origin used for requests in API tests. */
export const ORIGIN = 'http://api.test';

/** The API as a test calls it: a Request (and the client's address) in, a Response out. */
export type ApiTarget = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * The API over the test build; the rate limit is lifted unless options say otherwise. Against the worker only
 * `quota: { limit }` and `siteUrl` apply (they become its RATE_LIMIT_PER_MINUTE and SITE_URL, which defaults to
 * ORIGIN here, as the handler defaults to the request's origin); tests that inject anything else are handler-only.
 */
export function testHandler(options: Partial<ApiHandlerOptions> = {}): ApiTarget {
  if (API_TARGET === 'handler')
    return createApiHandler({ read: readDist(testSettings.DIST_DIR), quota: { limit: 1_000_000 }, ...options });
  const { quota, siteUrl, ...rest } = options;
  const unsupported = [...Object.keys(rest), ...(quota ? Object.keys(quota).filter((key) => key !== 'limit') : [])];
  if (unsupported.length > 0 || (quota && 'hit' in quota)) {
    throw new Error(
      `testHandler: ${unsupported.join(', ') || 'a quota instance'} cannot be given to the ${API_TARGET}; keep this test in a handler-only file`,
    );
  }
  const limit = quota ? ((quota as { limit?: number }).limit ?? 120) : 1_000_000;
  const vars = { RATE_LIMIT_PER_MINUTE: String(limit), SITE_URL: siteUrl ?? ORIGIN };
  return API_TARGET === 'worker' ? workerTarget(vars) : runtimeTarget(API_TARGET, vars);
}

/** GETs `path` (po_live=1 is not added: pass it when you want the data). */
export function get(api: ApiTarget, path: string, init: RequestInit = {}, client = '203.0.113.1') {
  return api(new Request(`${ORIGIN}${path}`, init), { clientAddress: client });
}

/** Asserts an error response: status, JSON content type, CORS, body {error:{code,message}}. Returns the message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body.error.message;
}

/** The ids of the test build's records, in id order, from the build's search files. */
export async function allIds(): Promise<string[]> {
  return builtIds();
}
