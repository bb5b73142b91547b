/** Response builders: every API response carries JSON and the public CORS headers. */
import { HttpError } from './http-error.ts';

/** Headers on every /api/v1 response, redirects and errors included. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After, Location',
} as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response from an already serialised body (prebuilt artefacts are sent as they are). */
export function jsonText(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...CORS_HEADERS, ...headers },
  });
}

/** The JSON error body for an HttpError. */
export function errorResponse(error: HttpError): Response {
  const body = JSON.stringify({ error: { code: error.code, message: error.message } });
  return jsonText(body, error.status, { 'cache-control': 'no-store', ...error.headers });
}

/** A 307 to `location`, with a small JSON body for clients that show it. */
export function redirect(location: string): Response {
  const body = JSON.stringify({ redirect: location, message: 'Follow this redirect (po_live=1 requests a refreshed read).' });
  return jsonText(body, 307, { location, 'cache-control': 'no-store' });
}
