/** The one error type of the API and its JSON form `{"error":{"code","message"}}`. */

import type { ErrorCode } from '../schema/error-codes.ts';

/** An error the API answers with its own status, code and message (Hono's HTTPException, in spirit). */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** JSON.stringify a value and quote it for a message: `got "abc"`. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}
