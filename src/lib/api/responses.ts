/** Replies of the API as plain data, and their Web Response form: every reply carries JSON and public CORS. */
import type { HttpError } from './http-error.ts';

/**
 * Headers on every /api/v1 response, redirects and errors included. ETag is exposed so that browser scripts
 * can revalidate, RateLimit and RateLimit-Policy so that they can pace themselves; Last-Modified and Cache-Control are readable without being listed (CORS-safelisted).
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After, Location, ETag, RateLimit, RateLimit-Policy',
} as const;

/** The media type of every API body. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A reply before it becomes a Response: adapters that own the socket (Node) write it directly. */
export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  /** The bytes to send, already in the coding the Content-Encoding header names; '' for a 304. */
  body: string | Uint8Array;
}

/** A JSON reply from an already serialised body. */
export function jsonText(body: string, status = 200, headers: Record<string, string> = {}): ApiReply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...CORS_HEADERS, ...headers },
    body,
  };
}

/** The JSON error reply for an HttpError. */
export function errorReply(error: HttpError): ApiReply {
  const body = JSON.stringify({ error: { code: error.code, message: error.message } });
  return jsonText(body, error.status, { 'cache-control': 'no-store', ...error.headers });
}

/** A 307 to `location`, with a small JSON body for clients that show it. */
export function redirect(location: string): ApiReply {
  const body = JSON.stringify({
    redirect: location,
    message: 'Follow this redirect (po_live=1 requests a refreshed read).',
  });
  return jsonText(body, 307, { location, 'cache-control': 'no-store' });
}

/** The Web Response for a reply (a 304 has no body, as the Response constructor requires). */
export function toResponse(reply: ApiReply): Response {
  const body = reply.status === 304 ? null : (reply.body as BodyInit);
  return new Response(body, { status: reply.status, headers: reply.headers });
}
