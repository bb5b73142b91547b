/**
 * Node-only: the stdin of `npm run mcp`, one JSON-RPC message a line. A line holding a JSON array (a batch, removed
 * from MCP in revision 2025-06-18) is taken out and refused; the SDK would otherwise drop it with no answer.
 */
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';

const NEWLINE = 0x0a;
const OPEN_BRACKET = 0x5b;

/** `input` without its batch lines; `refuse(size)` is called for each, with the number of messages it held. */
export function withoutBatches(input: Readable, refuse: (size: number) => void): Transform {
  let partial = Buffer.alloc(0);
  const filter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let data = Buffer.concat([partial, chunk]);
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE)) {
        const line = data.subarray(0, end + 1);
        data = data.subarray(end + 1);
        const size = batchSize(line);
        if (size === null) this.push(line);
        else refuse(size);
      }
      // A line longer than the SDK's buffer goes on, for the SDK to refuse as it does.
      if (data.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
        this.push(data);
        data = Buffer.alloc(0);
      }
      partial = data;
      done();
    },
    flush(done) {
      if (partial.length) this.push(partial);
      done();
    },
  });
  return input.pipe(filter);
}

/** The number of messages of a batch line, or null when the line is not a JSON array. */
function batchSize(line: Buffer): number | null {
  const first = line.findIndex((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d);
  if (line[first] !== OPEN_BRACKET) return null;
  try {
    const parsed: unknown = JSON.parse(line.toString('utf8'));
    return Array.isArray(parsed) ? parsed.length : null;
  } catch {
    return null;
  }
}
