/** The quota applied to MCP requests: the same quota as /api/v1, and the JSON-RPC error past it. */
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { QuotaDecision } from '../quota.ts';

/** JSON-RPC error code of a request refused by the quota (in the range JSON-RPC leaves to servers). */
export const RATE_LIMITED_CODE = -32029;

/** The JSON-RPC error answering a request over quota: the API's message, and the wait in seconds as data. */
export function rateLimitedError(id: RequestId | null, decision: Extract<QuotaDecision, { allowed: false }>) {
  return {
    jsonrpc: '2.0' as const,
    id,
    error: {
      code: RATE_LIMITED_CODE,
      message: `rate_limited: more than the allowed requests per minute from this address (API and MCP together); retry in ${decision.retryAfterSeconds} s`,
      data: {
        code: 'rate_limited',
        retry_after_seconds: decision.retryAfterSeconds,
        limit: decision.limit,
        window_seconds: decision.windowSeconds,
      },
    },
  };
}

/** Whether a JSON-RPC message is a request (it has an id and a method; notifications and responses are not counted). */
export function isRequest(message: unknown): message is JSONRPCMessage & { id: RequestId; method: string } {
  return typeof message === 'object' && message !== null && 'method' in message && 'id' in message;
}

/**
 * Why a JSON-RPC batch is refused: revision 2025-06-18 removed batching (only 2025-03-26 had it), the server
 * negotiates a newer revision, and one message per POST (per line on stdio) is what keeps one count per request.
 */
export function batchRefused(size: number): string {
  return `JSON-RPC batches are not accepted (got an array of ${size} messages): MCP removed batching in protocol revision 2025-06-18; send one message per request`;
}
