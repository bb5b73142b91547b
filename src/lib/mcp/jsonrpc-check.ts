/**
 * One incoming MCP message checked before the SDK sees it, on every transport (the /mcp body, a stdio line): bytes
 * that are not UTF-8 or not JSON get -32700, JSON that is not one JSON-RPC message -32600, a request whose params do
 * not fit its method -32602. Each error names the field and the bad value in one line. Without this, the SDK answers
 * "Parse error: Invalid JSON-RPC message" for any bad envelope and -32603 with its validator's JSON for bad params.
 */
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { invalidUtf8Offset } from '../records/file-limits.ts';
import { batchRefused } from './rate-limited.ts';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;

/** A JSON-RPC error answering a message that was refused. */
export interface Refusal {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

/** The message, or why it is refused (answered with `id` when the message had a usable one). */
export type Checked = { message: JSONRPCMessage } | { refusal: Refusal };

/** Where the message came from, as its errors name it. */
export type MessageSource = 'body' | 'line';

/** The SDK's schema of each request the server answers, by method: their params are checked here. */
const REQUESTS = new Map<string, { safeParse(value: unknown): ParseResult }>(
  [
    InitializeRequestSchema,
    PingRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    ListPromptsRequestSchema,
    GetPromptRequestSchema,
    CompleteRequestSchema,
  ].map((schema) => [schema.shape.method.value, schema]),
);

/** Members a message may have: JSON-RPC 2.0's, nothing else (the SDK refuses others). */
const MEMBERS = ['jsonrpc', 'id', 'method', 'params', 'result', 'error'];

/** Checks the bytes of one message: UTF-8, JSON, one JSON-RPC message, params that fit its method. */
export function checkBytes(bytes: Uint8Array, source: MessageSource): Checked {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = Math.max(0, invalidUtf8Offset(bytes));
    const hex = bytes[at]!.toString(16).padStart(2, '0');
    return refuse(
      null,
      PARSE_ERROR,
      `parse error: the ${source} is not valid UTF-8 at byte ${at} (0x${hex}, counting from 0)`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(null, PARSE_ERROR, `parse error: the ${source} is not JSON`);
  }
  // One message, one count: a batch would let one counted message run a hundred tool calls.
  if (Array.isArray(value)) return refuse(null, INVALID_REQUEST, batchRefused(value.length));
  return checkMessage(value);
}

/** Checks a parsed JSON value: one JSON-RPC 2.0 message, and for a request the params its method takes. */
export function checkMessage(value: unknown): Checked {
  const invalid = (id: RequestId | null, message: string) => refuse(id, INVALID_REQUEST, `invalid request: ${message}`);
  if (typeof value !== 'object' || value === null)
    return invalid(null, `a JSON-RPC message is a JSON object, got ${show(value)}`);
  const message = value as Record<string, unknown>;
  const id = isId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') return invalid(id, mustBe('jsonrpc', '"2.0"', message.jsonrpc));
  if ('id' in message && !isId(message.id))
    return invalid(null, `id must be a string or an integer, got ${show(message.id)}`);
  const unknown = Object.keys(message).find((name) => !MEMBERS.includes(name));
  if (unknown !== undefined)
    return invalid(
      id,
      `unknown member ${show(unknown)}; a JSON-RPC message has jsonrpc, id, method and params (or result or error)`,
    );
  if (!('method' in message)) {
    if (!('result' in message) && !('error' in message))
      return invalid(id, 'method is missing; a request or a notification names its method');
    // A response (to a request this server never sends: the SDK ignores it).
    const schema = 'result' in message ? JSONRPCResultResponseSchema : JSONRPCErrorResponseSchema;
    const parsed = schema.safeParse(message);
    return parsed.success ? { message: parsed.data } : invalid(id, describe(parsed.error.issues[0]!, message));
  }
  if (typeof message.method !== 'string') return invalid(id, `method must be a string, got ${show(message.method)}`);
  const method = message.method;
  const params = (text: string) => refuse(id, INVALID_PARAMS, `invalid params of ${method}: ${text}`);
  if (
    'params' in message &&
    (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params))
  )
    return params(`params must be an object, got ${show(message.params)}`);
  const envelope = ('id' in message ? JSONRPCRequestSchema : JSONRPCNotificationSchema).safeParse(message);
  if (!envelope.success) return params(describe(envelope.error.issues[0]!, message));
  if (!('id' in message)) return { message: envelope.data };
  const schema = REQUESTS.get(method);
  if (!schema)
    return refuse(
      id,
      METHOD_NOT_FOUND,
      `method not found: ${show(method)}; this server answers ${[...REQUESTS.keys()].join(', ')}`,
    );
  const checked = schema.safeParse(message);
  if (!checked.success) return params(describe(checked.error.issues[0]!, message));
  return { message: envelope.data };
}

/** The issue of a zod result, as much of it as the message needs. */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  values?: unknown[];
  keys?: string[];
  errors?: Issue[][];
}
type ParseResult = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/** One line naming the field (`params.arguments`), what it must be and what it is. */
function describe(issue: Issue, root: unknown, prefix: PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    const firsts = issue.errors.map((branch) => branch[0]);
    const same = firsts.every(
      (first) =>
        first &&
        (first.code === 'invalid_type' || first.code === 'invalid_value') &&
        first.path.join('.') === firsts[0]!.path.join('.'),
    );
    // Every branch wants another type or value at the same place: list them all.
    if (same) {
      const at = [...path, ...firsts[0]!.path];
      const wanted = [...new Set(firsts.flatMap((first) => expectations(first!)))];
      return mustBe(pathText(at), wanted.join(' or '), valueAt(root, at));
    }
    // Otherwise the branch that came closest (fewest issues) says what is wrong.
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return describe(closest[0]!, root, path);
  }
  const value = valueAt(root, path);
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value')
    return mustBe(pathText(path), expectations(issue).join(' or '), value);
  if (issue.code === 'unrecognized_keys') return `${pathText(path)} has an unknown member ${show(issue.keys?.[0])}`;
  const why = issue.message.replace(/^Invalid input: /, '');
  return value === undefined
    ? `${pathText(path)} is missing (${why})`
    : `${pathText(path)} is not valid (${why}), got ${show(value)}`;
}

/** What an issue expected, as words: "a string", "an object", `"ref/prompt"`. */
function expectations(issue: Issue): string[] {
  if (issue.code === 'invalid_value') return (issue.values ?? []).map(show);
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    int: 'an integer',
    boolean: 'a boolean',
    object: 'an object',
    record: 'an object',
    array: 'an array',
  };
  return [names[issue.expected ?? ''] ?? `of type ${issue.expected}`];
}

/** `params.ref.name`, `params.messages[0]`. */
function pathText(path: PropertyKey[]): string {
  return (
    path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`)).join('') ||
    'the message'
  );
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path)
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** `id must be a string, got 42`, or `id is missing: it must be a string` for an absent member. */
const mustBe = (path: string, wanted: string, value: unknown) =>
  value === undefined ? `${path} is missing: it must be ${wanted}` : `${path} must be ${wanted}, got ${show(value)}`;

/** A value as JSON in a message, cut at 80 characters. */
export function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

const isId = (id: unknown): id is RequestId => typeof id === 'string' || Number.isSafeInteger(id);

const refuse = (id: RequestId | null, code: number, message: string): { refusal: Refusal } => ({
  refusal: { jsonrpc: '2.0', id, error: { code, message } },
});
