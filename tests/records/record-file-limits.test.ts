import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecordFile, invalidUtf8Offset, MAX_RECORD_BYTES } from '../../src/lib/records/file-limits.ts';

describe('record file limits', () => {
  it('finds no invalid byte in any well-formed UTF-8 text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => invalidUtf8Offset(Buffer.from(text)) === -1));
  });

  it('agrees with a strict decoder on arbitrary bytes', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        return (invalidUtf8Offset(bytes) === -1) === valid;
      }),
    );
  });

  it('names the offset of the first bad byte: stray continuation, truncated sequence, overlong, surrogate', () => {
    expect(invalidUtf8Offset(Buffer.from([0x61, 0x80]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0x62, 0xc3]))).toBe(2);
    expect(invalidUtf8Offset(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0x41, 0xed, 0xa0, 0x80]))).toBe(1);
  });

  it('accepts a file of exactly the limit and refuses one byte more', () => {
    expect(decodeRecordFile('a.md', Buffer.alloc(MAX_RECORD_BYTES, 0x61)).ok).toBe(true);
    expect(decodeRecordFile('a.md', Buffer.alloc(MAX_RECORD_BYTES + 1, 0x61))).toEqual({
      ok: false,
      problem: `a.md: (file): ${MAX_RECORD_BYTES + 1} bytes, over the limit of ${MAX_RECORD_BYTES} bytes (256 KiB) for a record file; split it into several records`,
    });
  });
});
