/** The strict query-string reader: URLSearchParams' reading for well-encoded strings, a 400 for any other. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, quote } from '../../src/lib/api/http-error.ts';
import { decodeParam, rawParams, singleParams } from '../../src/lib/api/query-params.ts';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The oracle: every % starts %XX, and the bytes that stand for the text are UTF-8. Independent of decodeURIComponent. */
function wellEncoded(raw: string): boolean {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '%') {
      if (!/^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) return false;
      bytes.push(Number.parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(raw[i]!));
  }
  try {
    fatal.decode(new Uint8Array(bytes));
    return true;
  } catch {
    return false;
  }
}

/** Query strings as a client may type them: ASCII with many %, hex digits, separators and +. */
const typed = fc
  .array(
    fc.oneof(
      fc.constantFrom('%', '&', '=', '+', 'q', 'a', 'é'),
      fc.constantFrom('0', '9', 'A', 'c', 'E', 'F', 'f', 'g', 'z'),
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const all = (search: string) => [...singleParamsAll(search)];
/** Every item decoded strictly, or the HttpError. */
function singleParamsAll(search: string): [string, string][] {
  return rawParams(search).map(({ name, value }) => {
    const n = decodeParam(name);
    const v = decodeParam(value);
    if (n === null || v === null) throw new Error('bad encoding');
    return [n, v];
  });
}

describe('rawParams and decodeParam', () => {
  it('read back any names and values URLSearchParams encodes, as URLSearchParams does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' })), { maxLength: 6 }),
        (pairs) => {
          const search = `?${new URLSearchParams(pairs)}`;
          expect(all(search)).toEqual(pairs);
          expect(all(search)).toEqual([...new URLSearchParams(search)]);
        },
      ),
    );
  });

  it('accept a string exactly when each name and value is well encoded, and then agree with URLSearchParams', () => {
    fc.assert(
      fc.property(typed, (search) => {
        const items = rawParams(search);
        const good = items.every(({ name, value }) => wellEncoded(name) && wellEncoded(value));
        if (good) expect(all(search)).toEqual([...new URLSearchParams(search)]);
        else expect(() => all(search)).toThrow('bad encoding');
      }),
    );
  });

  it('accept any bytes written as %XX exactly when they are UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        const raw = [...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
        const decoded = decodeParam(raw);
        let expected: string | null;
        try {
          expected = fatal.decode(bytes);
        } catch {
          expected = null;
        }
        expect(decoded).toBe(expected);
      }),
    );
  });
});

describe('singleParams', () => {
  it('answers as a model of its rules: a bad name first, then per item a repeat or a bad value, quoted as sent', () => {
    fc.assert(
      fc.property(typed, (search) => {
        const items = rawParams(search);
        const allowed = items.map(({ name }) => decodeParam(name)).filter((n): n is string => n !== null);
        let expected: string | Map<string, string>;
        const badName = items.find(({ name }) => !wellEncoded(name));
        if (badName) expected = `parameter names must be UTF-8 percent-encoded, got ${quote(badName.name)}`;
        else {
          expected = new Map();
          for (const { name: rawName, value } of items) {
            const name = decodeParam(rawName)!;
            if (expected.has(name)) {
              const times = allowed.filter((n) => n === name).length;
              expected = `parameter ${quote(name)} is given ${times} times; give it once`;
              break;
            }
            if (!wellEncoded(value)) {
              expected = `${name} must be UTF-8 percent-encoded, got ${quote(value)}`;
              break;
            }
            expected.set(name, decodeParam(value)!);
          }
        }
        let outcome: string | Map<string, string>;
        try {
          outcome = singleParams(search, allowed, '/test');
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).status).toBe(400);
          outcome = (error as HttpError).message;
        }
        expect(outcome).toEqual(expected);
      }),
    );
  });
});
