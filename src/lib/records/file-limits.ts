/** Limits on a record file's bytes, checked before parsing: size, UTF-8 validity, control characters, the renderer's placeholder. */
import { LESS_THAN } from './safe-markdown.ts';

/**
 * Largest record file accepted: 256 KiB, about 60 times the largest bundled record (4 KiB). Past it a record
 * would slow every search that includes it and bloat the build; split it into several records.
 */
export const MAX_RECORD_BYTES = 256 * 1024;

/** Byte offset of the first byte that is not part of a valid UTF-8 sequence, or -1 when `bytes` is valid UTF-8. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: sequence length and the allowed range of the second byte (no overlongs, surrogates or > U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/** Checks a record file's bytes; returns its text, or one problem line naming the file (`name`). */
export function decodeRecordFile(
  name: string,
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; problem: string } {
  if (bytes.length > MAX_RECORD_BYTES) {
    return {
      ok: false,
      problem: `${name}: (file): ${bytes.length} bytes, over the limit of ${MAX_RECORD_BYTES} bytes (256 KiB) for a record file; split it into several records`,
    };
  }
  const bad = invalidUtf8Offset(bytes);
  if (bad >= 0) {
    const byte = bytes[bad]!.toString(16).padStart(2, '0');
    return {
      ok: false,
      problem: `${name}: (file): invalid UTF-8 at byte offset ${bad} (byte 0x${byte}); save the file as UTF-8`,
    };
  }
  // Line ends are published as \n whatever the editor wrote (CRLF, or a lone CR of old Mac files).
  const text = new TextDecoder('utf-8').decode(bytes).replace(/\r\n?/g, '\n');
  const control = controlCharacters(text);
  if (control.length > 0) {
    const [first] = control;
    const more = control.length > 1 ? ` (and ${control.length - 1} more in the file)` : '';
    return {
      ok: false,
      problem: `${name}:${first!.line}: (file): control character ${first!.code} at column ${first!.column}${more} is not text; remove it (only tabs and line ends are allowed)`,
    };
  }
  const placeholder = text.indexOf(LESS_THAN);
  if (placeholder >= 0) {
    const offset = new TextEncoder().encode(text.slice(0, placeholder)).length;
    return {
      ok: false,
      problem: `${name}: (file): character U+E000 at byte offset ${offset} is reserved (the renderer uses it); remove it`,
    };
  }
  return { ok: true, text };
}

/** C0 and C1 control characters but tab and line feed, and DEL: bytes no editor shows, which pages and JSON would carry. */
const CONTROL = /(?![\t\n])\p{Cc}/gu;

/** Every control character of `text` (line ends already \n), with its 1-based line and column and its code (U+0001). */
export function controlCharacters(text: string): { line: number; column: number; code: string }[] {
  const found: { line: number; column: number; code: string }[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const match of text.matchAll(CONTROL)) {
    // Counts the line ends since the previous match only: linear in the file's length.
    for (let end = text.indexOf('\n', scanned); end !== -1 && end < match.index; end = text.indexOf('\n', end + 1)) {
      line++;
      lineStart = end + 1;
    }
    scanned = match.index;
    const code = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    found.push({ line, column: match.index - lineStart + 1, code });
  }
  return found;
}
