import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  controlCharacters,
  decodeRecordFile,
  invalidUtf8Offset,
  MAX_RECORD_BYTES,
} from '../../src/lib/records/file-limits.ts';

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

  it('refuses a control character, naming its line, column and code, and counting the others', () => {
    const text = '---\nid: fait-0000000000000001\ntitle: "Titre \u0001 fin"\n---\nTexte a\u0000b et \u001b[0m.\n';
    expect(decodeRecordFile('a.md', Buffer.from(text))).toEqual({
      ok: false,
      problem:
        'a.md:3: (file): control character U+0001 at column 15 (and 2 more in the file) is not text; remove it (only tabs and line ends are allowed)',
    });
    expect(controlCharacters('a\tb\nc\u007fd\u0085')).toEqual([
      { line: 2, column: 2, code: 'U+007F' },
      { line: 2, column: 4, code: 'U+0085' },
    ]);
  });

  it('finds a control character where a naive scan of the text does, and no other', () => {
    const naive = (text: string) =>
      [...text].flatMap((char, i) => {
        const code = char.codePointAt(0)!;
        const control = (code < 0x20 && char !== '\t' && char !== '\n') || (code >= 0x7f && code <= 0x9f);
        if (!control) return [];
        const before = [...text].slice(0, i).join('');
        const line = before.split('\n').length;
        return [{ line, column: [...before.slice(before.lastIndexOf('\n') + 1)].length + 1, code }];
      });
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '\n', '\t', '\r', '\u0000', '\u007f', '\u0085', '\u001f') }),
        (text) => {
          const found = controlCharacters(text).map(({ line, column, code }) => ({
            line,
            column,
            code: Number.parseInt(code.slice(2), 16),
          }));
          expect(found).toEqual(naive(text));
        },
      ),
    );
  });

  it('publishes CRLF and lone CR line ends as LF', () => {
    const decoded = decodeRecordFile('a.md', Buffer.from('---\r\nid: x\r\n---\r\nUn\r\n\r\nDeux\rTrois\r\n'));
    expect(decoded).toEqual({ ok: true, text: '---\nid: x\n---\nUn\n\nDeux\nTrois\n' });
  });
});
