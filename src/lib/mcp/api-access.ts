/**
 * How the MCP tools, resources and prompts read the service: through the API handler's plain-reply path (same
 * parsing, engine, artefacts and messages as /api/v1), already counted by the transport.
 */
import type { ApiHandler } from '../api/handler.ts';
import { API_BASE } from '../paths.ts';
import { reuseBlock } from '../publish/reuse-terms.ts';
import type { Fact } from '../schema/fact.ts';
import type { Reuse } from '../schema/mcp-answers.ts';

/** What the MCP server needs: the handler's plain-reply path (requests already counted) and the site. */
export interface ToolContext {
  reply: ApiHandler['reply'];
  siteUrl: string;
}

/** A tool's answer: JSON for the assistant (text and structured), or an error it can read. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A tool error (isError): the assistant sees the message, the protocol call itself succeeds. */
export const toolError = (message: string): ToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
});

/** An API answer: its body, or the API's error as a message and code. */
export type ApiAnswer<T> = { body: T } | { message: string; code: string };

/** GETs an API path (po_live added) through the handler. */
export async function apiGet<T>(context: ToolContext, path: string): Promise<ApiAnswer<T>> {
  const url = `${context.siteUrl}${API_BASE}${path}${path.includes('?') ? '&' : '?'}po_live=1`;
  const answer = await context.reply({ method: 'GET', url, headers: { get: () => null } }, { uncounted: true });
  const text = typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body);
  const body = JSON.parse(text) as T & { error?: { code: string; message: string } };
  if (answer.status !== 200)
    return {
      message: body.error ? `${body.error.message} (${body.error.code})` : `the API answered ${answer.status}`,
      code: body.error?.code ?? String(answer.status),
    };
  return { body };
}

/** The reuse block of an answer, naming the field that holds the link; the terms themselves with full records. */
export function reuse(siteUrl: string, withTerms: boolean): Reuse {
  const { terms, attribution, page } = reuseBlock(siteUrl);
  return { ...(withTerms && { terms: [...terms] }), attribution: `${attribution} (its url)`, page };
}

/** A record with how to cite it: its title, publisher and url. */
export function cited(record: Fact) {
  return { ...record, cite_as: `${record.title}, permis-facts, ${record.url}` };
}

/** A JSON-RPC error for the SDK to send as is (McpError would prefix "MCP error <code>:" to the message on the wire). */
export function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}
