/** The client's one error type: the API's {error:{code,message}} with the HTTP status, or a client-side failure. */
import type { ErrorCode } from '../lib/schema/error-codes.ts';

/**
 * Codes an ApiError can carry: the server's own (see ERROR_CODES), plus four of the client's:
 * `network_error` (no HTTP answer), `unexpected_response` (an answer that is not the API's JSON),
 * `offset_limit` (a walk that would need an offset above 10000) and `checksum_mismatch` (a download that is not the
 * file the catalogue describes: size, SHA-256 or record count).
 */
export type ClientErrorCode =
  | ErrorCode
  | 'network_error'
  | 'unexpected_response'
  | 'offset_limit'
  | 'checksum_mismatch';

/** An error from the API or from the client; `status` is 0 when no HTTP answer applies. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  /** Seconds the server asked to wait (429, 503), when it said so. */
  readonly retryAfterSeconds: number | undefined;
  /** The URL of the request that failed. */
  readonly url: string;
  constructor(status: number, code: ClientErrorCode, message: string, url: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.url = url;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Reads Retry-After: delay-seconds (what the spec sends) or an HTTP-date (what RFC 9110 also allows).
 * Returns seconds, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The ApiError for a non-2xx response, from its JSON error body when it has one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(response.status, error.code as ClientErrorCode, error.message, response.url, retryAfter);
  }
  const excerpt = text.slice(0, 120).replace(/\s+/g, ' ');
  return new ApiError(
    response.status,
    'unexpected_response',
    `HTTP ${response.status} without the API's JSON error body: ${JSON.stringify(excerpt)}`,
    response.url,
    retryAfter,
  );
}
