/**
 * Node-only: answers for requests Node's HTTP parser refuses (its `clientError` event) and for CONNECT,
 * so that every answer under /api/v1 keeps the API contract: JSON error body, CORS, a status from the spec's list.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError, quote } from '../../lib/api/http-error.ts';
import { errorReply } from '../../lib/api/responses.ts';
import { API_BASE } from '../../lib/paths.ts';
import { pageMethodNotAllowed, pageText } from './static/static-files.ts';
import {
  bodyLength,
  percentEncodeTarget,
  rawResponse,
  readRawHead,
  type PlainReply,
  type RawHead,
} from './raw-request.ts';

/** A request the server answers normally (the normal path and the repaired raw-UTF-8 path both build one). */
export interface PlainRequest {
  method: string;
  /** The target as received: origin-form, already ASCII. */
  target: string;
  header(name: string): string | undefined;
  clientAddress: string | undefined;
}

/** A parser error as Node reports it. */
type ParserError = Error & { code?: string; reason?: string; rawPacket?: Buffer; bytesParsed?: number };

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Node's default limit on the request line and headers together. */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Whether a request target falls under /api/v1 (an unreadable target counts as one: the JSON answer is the safe side).
 * Dot segments (`/api/./v1`, `/x/../api/v1`, `%2e`) are resolved first, as the server's URL parsing resolves them
 * to route a request, so a raw target the parser refused is judged by the route it names.
 */
export function isApiTarget(target: string): boolean {
  if (!target.startsWith('/')) return true;
  const raw = target.split('?')[0]!;
  const path = URL.parse(`http://localhost${raw}`)?.pathname ?? raw;
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}

const apiError = (
  status: number,
  code: ConstructorParameters<typeof HttpError>[1],
  message: string,
  headers?: Record<string, string>,
) => errorReply(new HttpError(status, code, message, headers));

/** The reply to a request the parser refused, by what went wrong and where it was going. */
function refusal(error: ParserError, head: RawHead | null): PlainReply {
  const target = head?.target ?? '';
  const api = isApiTarget(target);
  const method = head?.method ?? '';
  if (error.code === 'HPE_INVALID_METHOD' && TOKEN.test(method)) {
    return api
      ? apiError(405, 'method_not_allowed', `method ${method} is not allowed; use GET`, { allow: 'GET' })
      : pageMethodNotAllowed(method);
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return api
      ? apiError(
          400,
          'headers_too_large',
          `the request line and headers exceed ${MAX_HEADER_BYTES} bytes; send fewer or shorter headers`,
        )
      : pageText(431, 'En-têtes de requête trop grands.');
  }
  if (!api) return pageText(400, 'Requête mal formée.');
  const reason = error.reason ?? error.message;
  if (/[\x80-\xff]/.test(target)) {
    return apiError(
      400,
      'malformed_request',
      `the URL contains raw non-ASCII characters (${reason}); percent-encode them, e.g. q=th%C3%A9orique for q=théorique`,
    );
  }
  return apiError(
    400,
    'malformed_request',
    `the HTTP request cannot be parsed (${reason}), got request line ${quote(`${method} ${target}`.trim())}`,
  );
}

/** The refused request as a normal one, when its only fault is raw non-ASCII bytes in the target and it is whole. */
function repaired(error: ParserError, head: RawHead | null, clientAddress: string | undefined): PlainRequest | null {
  if (
    error.code !== 'HPE_INVALID_URL' ||
    !head?.headers ||
    !TOKEN.test(head.method) ||
    !/^HTTP\/1\.[01]$/.test(head.version)
  )
    return null;
  const headers = head.headers;
  if (headers.has('transfer-encoding') || (headers.get('content-length') ?? '0') !== '0') return null;
  const target = head.target.startsWith('/') ? percentEncodeTarget(head.target) : null;
  if (!target || target === head.target) return null;
  return { method: head.method, target, header: (name) => headers.get(name), clientAddress };
}

/** What was answered to a request the parser refused, for the access log. */
export interface RefusedAnswer {
  /** The method, when the request line had a valid one; else undefined. */
  method: string | undefined;
  /** The target served, for a repaired request only (a refused target is never logged: it may be anything). */
  target: string | undefined;
  status: number;
  /** Body bytes sent (0 for a HEAD). */
  bytes: number;
  encoding: string;
  remoteAddress: string | undefined;
}

/**
 * Installs the answers on `server`-like events. `answer` serves a repaired request; the reply is written by hand
 * and the connection closed, since the parser cannot go on with it. `onAnswered` hears of each answer sent.
 */
export function clientErrorListener(
  answer: (request: PlainRequest) => Promise<PlainReply>,
  onAnswered?: (answer: RefusedAnswer) => void,
) {
  const answered = new WeakSet<Duplex>();
  return (
    error: ParserError,
    socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null; remoteAddress?: string },
  ) => {
    // The parser reports every later chunk of a refused connection again: answer once.
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent)
      return void socket.destroy();
    const remoteAddress = socket.remoteAddress;
    const send = (
      bytes: Buffer | string,
      reply: PlainReply | null,
      method: string | undefined,
      target?: string,
      head = false,
    ) => {
      socket.once('finish', () => socket.destroy());
      socket.end(bytes);
      const sent = reply && !head && reply.status !== 304 ? bodyLength(reply.body) : 0;
      onAnswered?.({
        method,
        target,
        status: reply?.status ?? 408,
        bytes: sent,
        encoding: reply?.headers['content-encoding'] ?? 'identity',
        remoteAddress,
      });
    };
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return send('HTTP/1.1 408 Request Timeout\r\nconnection: close\r\n\r\n', null, undefined);
    const head = readRawHead(error.rawPacket, error.bytesParsed);
    const method = head && TOKEN.test(head.method) ? head.method : undefined;
    const request = socket._httpMessage ? null : repaired(error, head, remoteAddress);
    if (!request) {
      const reply = refusal(error, head);
      return send(rawResponse(reply, head?.method === 'HEAD'), reply, method, undefined, head?.method === 'HEAD');
    }
    answer(request).then(
      (reply) => {
        const bare = request.method === 'HEAD' || reply.status === 304;
        send(rawResponse(reply, bare), reply, request.method, request.target, bare);
      },
      () => {
        const reply = apiError(503, 'internal_error', 'an unexpected error occurred; it has been logged; retry later', {
          'retry-after': '5',
        });
        send(rawResponse(reply), reply, request.method, request.target);
      },
    );
  };
}

/** CONNECT asks for a tunnel, which this server never opens: 405 with the API's JSON body, whatever the target. */
export function connectListener(request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    rawResponse(
      apiError(405, 'method_not_allowed', `method ${request.method} is not allowed; use GET`, { allow: 'GET' }),
    ),
  );
}
