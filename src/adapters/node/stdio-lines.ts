/**
 * Node-only: the stdin of `npm run mcp`, one JSON-RPC message a line. Each line is checked as /mcp checks a body
 * (src/lib/mcp/jsonrpc-check.ts): a line that is not UTF-8, not JSON, a batch, not a JSON-RPC message or a request
 * whose params do not fit its method is taken out and answered with its JSON-RPC error; the SDK would otherwise drop
 * it with no answer (a line it cannot parse) or answer -32603 with its validator's output.
 */
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { checkBytes, type Refusal } from '../../lib/mcp/jsonrpc-check.ts';

const NEWLINE = 0x0a;

/** `input` with only the lines the SDK takes; `refuse(answer)` is called for each other line, with its error. */
export function checkedLines(input: Readable, refuse: (answer: Refusal) => void): Transform {
  let partial = Buffer.alloc(0);
  const pass = (filter: Transform, line: Buffer) => {
    // A blank line carries no message (a client's trailing newline): nothing to answer.
    if (line.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === NEWLINE)) return;
    const checked = checkBytes(line, 'line');
    if ('refusal' in checked) refuse(checked.refusal);
    else filter.push(line[line.length - 1] === NEWLINE ? line : Buffer.concat([line, Buffer.from('\n')]));
  };
  const filter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let data = Buffer.concat([partial, chunk]);
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE)) {
        pass(this, data.subarray(0, end + 1));
        data = data.subarray(end + 1);
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
      // The last line, when stdin closes without a final newline, is a message too.
      if (partial.length) pass(this, partial);
      done();
    },
  });
  return input.pipe(filter);
}
