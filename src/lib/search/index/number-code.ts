/**
 * Postings as printable ASCII text that JSON never escapes (brotli makes it about 15 % smaller than a JSON array): zero
 * or more digits from the 27 "more" symbols (bijective base 27), then one of the 64 "last" symbols.
 */

/** The 91 symbols: '#' to '~' without the backslash (neither '"' nor '\' ever appears). */
const SYMBOLS = Array.from({ length: 0x7e - 0x23 + 1 }, (_, i) => String.fromCharCode(0x23 + i)).filter(
  (c) => c !== '\\',
);
const LAST = 64;
const MORE = SYMBOLS.length - LAST;
const VALUE = new Int8Array(128).fill(-1);
SYMBOLS.forEach((c, i) => (VALUE[c.charCodeAt(0)] = i));

/** Writes unsigned integers (each below 2^53) as text. */
export function encodeNumbers(values: readonly number[]): string {
  let text = '';
  const digits: string[] = [];
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`cannot encode ${value}: not an unsigned integer`);
    digits.length = 0;
    digits.push(SYMBOLS[value % LAST]!);
    for (let rest = Math.floor(value / LAST); rest > 0; rest = Math.floor(rest / MORE)) {
      rest -= 1;
      digits.push(SYMBOLS[LAST + (rest % MORE)]!);
    }
    for (let i = digits.length - 1; i >= 0; i--) text += digits[i];
  }
  return text;
}

/** Reads back what encodeNumbers wrote (at most one number a character); throws on a bad character or a cut number. */
export function decodeNumbers(text: string): Float64Array {
  const values = new Float64Array(text.length);
  let count = 0;
  let prefix = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? VALUE[code]! : -1;
    if (digit < 0) throw new Error(`postings: unexpected character ${JSON.stringify(text[i])} at ${i}`);
    if (digit >= LAST) prefix = prefix * MORE + (digit - LAST) + 1;
    else {
      values[count++] = prefix * LAST + digit;
      prefix = 0;
    }
  }
  if (prefix !== 0) throw new Error('postings: the text ends inside a number');
  return values.subarray(0, count);
}
