/**
 * Strict reading of query strings: unknown and repeated parameters are errors, never ignored, and so is a name or
 * value whose percent-encoding is not UTF-8 (URLSearchParams would turn it into U+FFFD, or keep a lone % as it is).
 */
import { HttpError, quote } from './http-error.ts';

/** One `name=value` item of a query string, as sent (still percent-encoded). */
export interface RawParam {
  name: string;
  value: string;
}

/**
 * Splits a query string (`url.search`, with or without its `?`) into its items as sent, the way the
 * application/x-www-form-urlencoded parser does: on `&`, empty items skipped, the name before the first `=`.
 */
export function rawParams(search: string): RawParam[] {
  const body = search.startsWith('?') ? search.slice(1) : search;
  const out: RawParam[] = [];
  for (const item of body.split('&')) {
    if (item === '') continue;
    const at = item.indexOf('=');
    out.push(at === -1 ? { name: item, value: '' } : { name: item.slice(0, at), value: item.slice(at + 1) });
  }
  return out;
}

/**
 * Decodes one name or value as URLSearchParams does (`+` is a space, `%XX` a byte, the bytes UTF-8), or null when a
 * `%` is not followed by two hex digits or the bytes are not UTF-8 (decodeURIComponent refuses exactly these).
 */
export function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** The decoded value of a parameter, or the 400 naming the parameter and its value as sent. */
export function decodedValue(name: string, raw: string): string {
  const value = decodeParam(raw);
  if (value === null)
    throw new HttpError(400, 'invalid_parameter', `${name} must be UTF-8 percent-encoded, got ${quote(raw)}`);
  return value;
}

/** The decoded name of a parameter, or the 400 naming it as sent. */
function decodedName(raw: string): string {
  const name = decodeParam(raw);
  if (name === null)
    throw new HttpError(400, 'invalid_parameter', `parameter names must be UTF-8 percent-encoded, got ${quote(raw)}`);
  return name;
}

/**
 * Reads the query string `search` (`url.search`) into a one-value-per-name map, refusing, in this order, a badly
 * encoded name, names outside `allowed`, repeats and a badly encoded value.
 */
export function singleParams(search: string, allowed: readonly string[], route: string): Map<string, string> {
  const params = rawParams(search);
  const names = params.map((param) => decodedName(param.name));
  const out = new Map<string, string>();
  params.forEach((param, i) => {
    const name = names[i]!;
    if (!allowed.includes(name)) {
      const accepted = allowed.length > 0 ? `accepts ${allowed.join(', ')}` : 'accepts no parameter';
      throw new HttpError(400, 'unknown_parameter', `unknown parameter ${quote(name)}: ${route} ${accepted}`);
    }
    if (out.has(name)) {
      throw new HttpError(
        400,
        'repeated_parameter',
        `parameter ${quote(name)} is given ${names.filter((n) => n === name).length} times; give it once`,
      );
    }
    out.set(name, decodedValue(name, param.value));
  });
  return out;
}

/** Parses a whole number within [min, max]; digits only, so "1e1", "+5", " 5" and "5.0" are refused. */
export function integerParam(
  name: string,
  raw: string | undefined,
  range: { min: number; max: number; default: number },
): number {
  if (raw === undefined) return range.default;
  const value = /^[0-9]{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= range.min && value <= range.max)) {
    throw new HttpError(
      400,
      'invalid_parameter',
      `${name} must be an integer from ${range.min} to ${range.max}, got ${quote(raw)}`,
    );
  }
  return value;
}

/** Checks `raw` against a closed list of values. */
export function enumParam<T extends string>(
  name: string,
  raw: string | undefined,
  values: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    throw new HttpError(400, 'invalid_parameter', `${name} must be one of ${values.join(', ')}, got ${quote(raw)}`);
  }
  return raw as T;
}
