/** Replies of the API as plain data, and their Web Response form: every reply carries JSON and public CORS. */
import { HttpError } from './http-error.ts';

/** Headers on every /api/v1 response, redirects and errors included. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After, Location',
} as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A reply before it becomes a Response: adapters that own the socket (Node) write it directly. */
export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A JSON reply from an already serialised body (prebuilt artefacts are sent as they are). */
export function jsonText(body: string, status = 200, headers: Record<string, string> = {}): ApiReply {
  return { status, headers: { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...CORS_HEADERS, ...headers }, body };
}

/** The JSON error reply for an HttpError. */
export function errorReply(error: HttpError): ApiReply {
  const body = JSON.stringify({ error: { code: error.code, message: error.message } });
  return jsonText(body, error.status, { 'cache-control': 'no-store', ...error.headers });
}

/** A 307 to `location`, with a small JSON body for clients that show it. */
export function redirect(location: string): ApiReply {
  const body = JSON.stringify({ redirect: location, message: 'Follow this redirect (po_live=1 requests a refreshed read).' });
  return jsonText(body, 307, { location, 'cache-control': 'no-store' });
}

/** The Web Response for a reply. */
export function toResponse(reply: ApiReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
