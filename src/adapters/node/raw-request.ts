/** Node-only: reading a request Node's HTTP parser refused, from its raw bytes, and writing replies by hand. */
import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';

/** A reply as plain data: the API's ApiReply and the static StaticReply both fit. */
export interface PlainReply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** The head of a refused request, as far as it can be read. */
export interface RawHead {
  method: string;
  /** The request target as sent (bytes as latin1 characters), or '' when the request line has none. */
  target: string;
  version: string;
  /** Header fields (lowercase names, repeated ones joined by ", "); null when the head is cut or a line is malformed. */
  headers: Map<string, string> | null;
}

const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * Reads the head of the refused request from the parser's packet. An earlier request on the same connection
 * may share the packet: the refused one starts after the last blank line before the byte the parser stopped at.
 */
export function readRawHead(packet: Buffer | undefined, bytesParsed = 0): RawHead | null {
  if (!packet?.length) return null;
  const text = packet.toString('latin1');
  const before = text.lastIndexOf('\r\n\r\n', Math.max(0, bytesParsed - 1));
  const start = before !== -1 && before + 4 < bytesParsed ? before + 4 : 0;
  const end = text.indexOf('\r\n\r\n', start);
  const [line = '', ...fields] = text.slice(start, end === -1 ? undefined : end).split('\r\n');
  const [method = '', target = '', ...rest] = line.split(' ');
  let headers: Map<string, string> | null = end === -1 ? null : new Map();
  for (const field of fields) {
    const match = FIELD.exec(field);
    if (!match || !headers) {
      headers = null;
      break;
    }
    const name = match[1]!.toLowerCase();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${match[2]}` : match[2]!);
  }
  return { method, target, version: rest.join(' '), headers };
}

/**
 * The target with every byte above 0x7F percent-encoded, as a browser would send it (`théorique` sent raw by curl
 * becomes `th%C3%A9orique`); null when it holds bytes no encoding makes safe (controls, spaces, DEL).
 */
export function percentEncodeTarget(target: string): string | null {
  let out = '';
  for (let i = 0; i < target.length; i++) {
    const byte = target.charCodeAt(i);
    if (byte <= 0x20 || byte === 0x7f || byte > 0xff) return null;
    out += byte > 0x7f ? `%${byte.toString(16).toUpperCase()}` : target[i];
  }
  return out;
}

/** Bytes of a body. */
export const bodyLength = (body: string | Uint8Array) =>
  typeof body === 'string' ? Buffer.byteLength(body) : body.length;

/** Body bytes and content coding of each reply written by writeReply, for the access log (writeHead hides them from getHeader). */
const written = new WeakMap<ServerResponse, { bytes: number; encoding: string }>();

/** What writeReply wrote on `res`: body bytes (0 for a HEAD or a 304) and content coding; undefined if it did not. */
export const writtenReply = (res: ServerResponse) => written.get(res);

/** Writes a reply through Node's response (which drops the body of a HEAD); a 304 has no body and no length. */
export function writeReply(res: ServerResponse, reply: PlainReply): void {
  const encoding = reply.headers['content-encoding'] ?? 'identity';
  if (reply.status === 304) {
    written.set(res, { bytes: 0, encoding });
    res.writeHead(304, reply.headers);
    res.end();
    return;
  }
  const bytes = bodyLength(reply.body);
  written.set(res, { bytes: res.req?.method === 'HEAD' ? 0 : bytes, encoding });
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(bytes) });
  res.end(reply.body);
}

/** A whole HTTP/1.1 response as bytes, for a socket the parser gave up on; the connection closes after it. */
export function rawResponse(reply: PlainReply, head = false): Buffer {
  const lines = [
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Unknown'}`,
    `date: ${new Date().toUTCString()}`,
  ];
  for (const [name, value] of Object.entries(reply.headers))
    if (name !== 'content-length' && name !== 'connection') lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${bodyLength(reply.body)}`, 'connection: close', '', '');
  const start = Buffer.from(lines.join('\r\n'), 'latin1');
  return head ? start : Buffer.concat([start, typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body]);
}
