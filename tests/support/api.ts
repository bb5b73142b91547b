/** Handlers over the test build, and small helpers to call them. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApiHandler, type ApiHandlerOptions } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/read-dist.ts';
import { testSettings } from './test-build.ts';

/** Origin used for requests in handler tests. */
export const ORIGIN = 'http://api.test';

/** A handler over the test build; the rate limit is lifted unless options say otherwise. */
export function testHandler(options: Partial<ApiHandlerOptions> = {}) {
  return createApiHandler({ read: readDist(testSettings.DIST_DIR), rateLimit: { limit: 1_000_000 }, ...options });
}

/** GETs `path` (po_live=1 is not added: pass it when you want the data). */
export function get(handler: ReturnType<typeof testHandler>, path: string, init: RequestInit = {}, client = '203.0.113.1') {
  return handler(new Request(`${ORIGIN}${path}`, init), { clientAddress: client });
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

/** The ids of the test build's records, from the build's listing. */
export async function allIds(): Promise<string[]> {
  return JSON.parse(await readFile(join(testSettings.DIST_DIR, 'search/listing.json'), 'utf8')).ids;
}
