/** Raw HTTP/1.1 over a TCP socket, for requests fetch() refuses to send (bad methods, raw UTF-8, broken heads). */
import { connect } from 'node:net';

/** One response as read from the socket. */
export interface RawAnswer {
  /** 0 when the server closed without answering. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `chunks` (with `gapMs` between them), reads until the server closes or `timeoutMs`, parses the first response. */
export function rawExchange(
  port: number,
  chunks: (string | Buffer)[],
  options: { gapMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(received)));
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 3000);
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (complete(Buffer.concat(received))) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
        if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
}

/** Whether the bytes hold a whole response with a Content-Length (keep-alive answers end there, not at close). */
function complete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'));
  return length !== null && bytes.length - end - 4 >= Number(length[1]);
}

function parseAnswer(bytes: Buffer): RawAnswer {
  const text = bytes.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end === -1) return { status: 0, headers: {}, body: text };
  const [line, ...fields] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).toLowerCase()] = field.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['content-length'] !== undefined)
    body = Buffer.from(body).subarray(0, Number(headers['content-length'])).toString();
  return { status: Number(line!.split(' ')[1]), headers, body };
}
