/** Byte ranges (RFC 9110 §14) for static files: one range, or none. */

/** The bytes to send, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a body of `size` bytes.
 * - `null`: send the whole body (no header, another unit, a malformed value, or several ranges: §14.2 lets a
 *   server ignore Range, and answering a multi-range request in full saves multipart bodies nobody here needs);
 * - `'unsatisfiable'`: answer 416 (the only range starts past the end, or is an empty suffix);
 * - a ByteRange: answer 206.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Whether If-Range lets the range apply (§13.1.5): absent, or equal to the current strong ETag, or to the
 * Last-Modified date. Anything else means the client holds another version: it gets the whole body.
 */
export function ifRangeAllows(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  return value.startsWith('"') ? value === etag : value === lastModified;
}
