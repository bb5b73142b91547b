/** Strict reading of query strings: unknown and repeated parameters are errors, never ignored. */
import { HttpError, quote } from './http-error.ts';

/** Reads `params` into a one-value-per-name map, refusing names outside `allowed` and repeats. */
export function singleParams(params: URLSearchParams, allowed: readonly string[], route: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of params) {
    if (!allowed.includes(name)) {
      const accepted = allowed.length > 0 ? `accepts ${allowed.join(', ')}` : 'accepts no parameter';
      throw new HttpError(400, 'unknown_parameter', `unknown parameter ${quote(name)}: ${route} ${accepted}`);
    }
    if (out.has(name)) {
      throw new HttpError(
        400,
        'repeated_parameter',
        `parameter ${quote(name)} is given ${params.getAll(name).length} times; give it once`,
      );
    }
    out.set(name, value);
  }
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
