/** The options of `npm run check:sources`, read from the command line and checked, each error naming the bad value. */
import { CHECK_SOURCES_DEFAULTS, type CheckAllOptions } from './check-all.ts';

/** Where results are cached unless --cache says otherwise. */
export const DEFAULT_CACHE_FILE = '.cache/sources.json';
const FAIL_ON = ['dead', 'moved', 'none'] as const;
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `90m`, `12h`, `7d` or `0`, in ms; throws naming the bad value. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new Error(`--max-age must be a duration such as 90m, 12h or 7d, got ${JSON.stringify(text)}`);
  return Number(match[1]) * UNITS[match[2] ?? 'ms']!;
}

/** Checked options: the check's tunables, the outputs, the cache file and the failure rule. */
export interface SourcesCliOptions {
  check: CheckAllOptions;
  failOn: (typeof FAIL_ON)[number];
  json?: string | undefined;
  markdown?: string | undefined;
  cache: string;
}

/** Reads parseArgs's values; throws an Error naming the option and its bad value. */
export function parseSourcesArgs(values: Record<string, string | boolean | undefined>): SourcesCliOptions {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const int = (name: string, min: number, fallback: number) => {
    const value = text(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min)
      throw new Error(`--${name} must be an integer of at least ${min}, got ${JSON.stringify(value)}`);
    return Number(value);
  };
  const failOn = text('fail-on') ?? 'dead';
  if (!(FAIL_ON as readonly string[]).includes(failOn))
    throw new Error(`--fail-on must be one of ${FAIL_ON.join(', ')}, got ${JSON.stringify(failOn)}`);
  const d = CHECK_SOURCES_DEFAULTS;
  const maxAge = text('max-age');
  return {
    check: {
      ...d,
      perHost: int('per-host', 1, d.perHost),
      delayMs: int('delay', 0, d.delayMs),
      concurrency: int('concurrency', 1, d.concurrency),
      timeoutMs: int('timeout', 1, d.timeoutMs),
      slowMs: int('slow', 1, d.slowMs),
      maxAgeMs: maxAge === undefined ? d.maxAgeMs : parseDuration(maxAge),
    },
    failOn: failOn as SourcesCliOptions['failOn'],
    cache: text('cache') ?? DEFAULT_CACHE_FILE,
    json: text('json'),
    markdown: text('markdown'),
  };
}
