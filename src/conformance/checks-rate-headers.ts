/**
 * The IETF RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured-field lists).
 * The spec does not require them, so a deployment that sends neither passes (the report line says so); one that
 * sends them must send them well-formed, counting down, and readable by browser scripts.
 */
import { parseList, ParseError, type BareItem, type List, type Parameters } from 'structured-headers';
import type { Check } from './check.ts';
import { expect, exposes, type Context } from './context.ts';

/** One quota policy of RateLimit-Policy: its name, quota (q) and window in seconds (w, optional). */
export interface QuotaPolicy {
  name: string;
  quota: number;
  window: number | undefined;
}
/** One service limit of RateLimit: the policy it belongs to, what is left (r) and seconds to the reset (t, optional). */
export interface ServiceLimit {
  name: string;
  remaining: number;
  reset: number | undefined;
}

const isCount = (value: BareItem | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The items of a structured-field list whose members are parameterised strings; throws a message naming the fault. */
function items(header: string, value: string): [string, Parameters][] {
  let list: List;
  try {
    list = parseList(value);
  } catch (error) {
    throw new Error(
      `${header}: not a structured-field list (${error instanceof ParseError ? error.message : String(error)}): ${JSON.stringify(value)}`,
    );
  }
  expect(list.length > 0, `${header}: an empty list`);
  return list.map(([item, params]) => {
    expect(
      typeof item === 'string',
      `${header}: each member must be a quoted policy name, got ${JSON.stringify(value)}`,
    );
    return [item, params];
  });
}

/** Parses RateLimit-Policy: every member needs an integer q >= 0; w, when given, is an integer > 0. */
export function parsePolicies(value: string): QuotaPolicy[] {
  return items('RateLimit-Policy', value).map(([name, params]) => {
    const quota = params.get('q');
    const window = params.get('w');
    expect(
      isCount(quota),
      `RateLimit-Policy: policy "${name}" needs q, a non-negative integer, in ${JSON.stringify(value)}`,
    );
    expect(
      window === undefined || (isCount(window) && window > 0),
      `RateLimit-Policy: w of "${name}" must be a positive integer, in ${JSON.stringify(value)}`,
    );
    return { name, quota, window };
  });
}

/** Parses RateLimit: every member needs an integer r >= 0; t, when given, is an integer >= 0. */
export function parseLimits(value: string): ServiceLimit[] {
  return items('RateLimit', value).map(([name, params]) => {
    const remaining = params.get('r');
    const reset = params.get('t');
    expect(isCount(remaining), `RateLimit: "${name}" needs r, a non-negative integer, in ${JSON.stringify(value)}`);
    expect(
      reset === undefined || isCount(reset),
      `RateLimit: t of "${name}" must be a non-negative integer, in ${JSON.stringify(value)}`,
    );
    return { name, remaining, reset };
  });
}

/** Checks one answer's pair of headers against each other; returns its limits, or null when it carries neither. */
export function readRateHeaders(headers: Headers, what: string): ServiceLimit[] | null {
  const policyValue = headers.get('ratelimit-policy');
  const limitValue = headers.get('ratelimit');
  if (policyValue === null && limitValue === null) return null;
  try {
    expect(
      policyValue !== null && limitValue !== null,
      `sends ${policyValue === null ? 'RateLimit without RateLimit-Policy' : 'RateLimit-Policy without RateLimit'}`,
    );
    const policies = new Map(parsePolicies(policyValue).map((policy) => [policy.name, policy]));
    const limits = parseLimits(limitValue);
    for (const limit of limits) {
      const policy = policies.get(limit.name);
      expect(policy, `RateLimit names the policy "${limit.name}", which RateLimit-Policy does not list`);
      expect(
        limit.remaining <= policy.quota,
        `RateLimit: r=${limit.remaining} is more than the quota q=${policy.quota} of "${limit.name}"`,
      );
      expect(
        limit.reset === undefined || policy.window === undefined || limit.reset <= policy.window,
        `RateLimit: t=${limit.reset} is longer than the window w=${policy.window} of "${limit.name}"`,
      );
    }
    return limits;
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}`);
  }
}

const NOT_SENT = 'not sent: optional, the spec does not require them';

/** Remaining of the first limit of three successive requests, with the seconds between them. */
async function countDown(ctx: Context) {
  const seen: { limits: ServiceLimit[]; at: number; headers: Headers }[] = [];
  for (let i = 0; i < 3; i += 1) {
    const answer = await ctx.request(ctx.url('/facts?limit=1&po_live=1'), {
      headers: { origin: 'https://conformance.example' },
    });
    const limits = readRateHeaders(answer.headers, `request ${i + 1}`);
    if (!limits) return null;
    seen.push({ limits, at: Date.now(), headers: answer.headers });
  }
  return seen;
}

/** Checks of the RateLimit headers, run after the others (they look at every answer seen) and before the rate check. */
export const rateHeaderChecks: Check[] = [
  {
    name: 'RateLimit-Policy and RateLimit, where sent, are well-formed structured fields naming one policy (r within q, t within w)',
    async run(ctx) {
      expect(ctx.seen.length > 0, 'no answer was received');
      let carried = 0;
      for (const seen of ctx.seen)
        if (readRateHeaders(seen.headers, `${seen.method} ${seen.url} (${seen.status})`)) carried += 1;
      return carried === 0 ? NOT_SENT : `on ${carried} of ${ctx.seen.length} answers`;
    },
  },
  {
    name: 'RateLimit counts down: r drops with each request of a window, and both headers are exposed through CORS',
    async run(ctx) {
      const seen = await countDown(ctx);
      if (!seen) return NOT_SENT;
      for (let i = 1; i < seen.length; i += 1) {
        const [before, after] = [seen[i - 1]!, seen[i]!];
        const [was, now] = [before.limits[0]!, after.limits.find((limit) => limit.name === before.limits[0]!.name)];
        expect(now, `request ${i + 1}: RateLimit no longer names the policy "${was.name}"`);
        // A new window may open between two requests: then r starts again from the quota.
        const reset = was.reset !== undefined && (after.at - before.at) / 1000 >= was.reset - 1;
        expect(
          now.remaining < was.remaining || reset,
          `request ${i + 1}: r went from ${was.remaining} to ${now.remaining} within one window (t=${was.reset ?? 'not given'})`,
        );
      }
      const last = seen.at(-1)!.headers;
      for (const name of ['ratelimit', 'ratelimit-policy']) {
        expect(
          exposes(last, name),
          `Access-Control-Expose-Headers does not include ${name === 'ratelimit' ? 'RateLimit' : 'RateLimit-Policy'}: ${JSON.stringify(last.get('access-control-expose-headers'))}`,
        );
      }
      return `r ${seen.map((s) => s.limits[0]!.remaining).join(' → ')}`;
    },
  },
];
