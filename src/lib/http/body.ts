/** Reading request bodies, runtime-free (Web streams): with a bound (the /mcp endpoint never holds more than it accepts), or to discard them. */

/**
 * The body's bytes (its caller checks their encoding), or null when it is larger than `maxBytes`. A larger body is still read to its end
 * without being kept: workerd resets the connection now and then under an answer to a request whose body was
 * left unread, and Node reads it through anyway to reuse the connection.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size <= maxBytes) chunks.push(next.value);
  }
  if (size > maxBytes) return null;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Reads a body to its end without keeping it (see readBounded for why it is read at all). */
export async function discard(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  while (!(await reader.read()).done);
}
