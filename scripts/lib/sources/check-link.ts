/** Checks one external address politely: HEAD then GET, redirects followed by hand, Retry-After honoured, bounded retries. */
import type { HostGate, Sleep } from './host-gate.ts';

/** What a check concluded: reachable, moved for good, dead, or not known (the host kept refusing with 429). */
export type Verdict = 'ok' | 'moved' | 'dead' | 'unverified';

/** One request of a redirect chain. */
export interface Hop {
  url: string;
  method: 'HEAD' | 'GET';
  status: number;
}

/** The result of checking one address; what the cache keeps. */
export interface LinkResult {
  url: string;
  verdict: Verdict;
  /** Status of the last answer, when there was one. */
  status?: number;
  /** Why the link is dead or unverified: `HTTP 404`, `timeout after 10000 ms`, `TLS error (…)`, `redirect loop …`. */
  reason?: string;
  /** For a permanent move (first answer 301 or 308): the address the chain ends at. */
  movedTo?: string;
  chain: Hop[];
  /** Longest time one request of the check took to answer, in ms (waits and delays not counted). */
  ms: number;
  /** When the check ended (ISO 8601). */
  checkedAt: string;
}

/** Tunables of a check; their defaults and meaning are CHECK_SOURCES_DEFAULTS's (check-all.ts). */
export interface CheckLinkOptions {
  timeoutMs: number;
  maxRedirects: number;
  /** Retries after a 429 or 503, each after the wait the host asked for. */
  retries: number;
  /** A Retry-After longer than this is not waited for: the link is left unverified (429) or dead (503). */
  maxRetryAfterMs: number;
  /** Wait after a 429 or 503 without a usable Retry-After. */
  defaultRetryMs: number;
  userAgent: string;
}

/** What checkLink needs besides its options. */
export interface CheckLinkDeps {
  gate: HostGate;
  fetch: typeof globalThis.fetch;
  sleep: Sleep;
  now: () => number;
  /** Called before each request is sent (tests count them; the CLI counts requests). */
  onRequest?: (request: { url: string; method: 'HEAD' | 'GET' }) => void;
}

/** HEAD answers that may mean "HEAD not supported" rather than "no such page": the link is asked again with GET. */
const HEAD_REFUSED = (status: number) => status >= 400 && status !== 429;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);

/** The wait a Retry-After header asks for, in ms (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A network failure's reason, from the error fetch (undici) throws: DNS, TLS, refused, reset. */
export function networkReason(error: unknown): { reason: string; transient: boolean } {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  // A host with several addresses (IPv4 and IPv6) fails with an AggregateError holding one error per address.
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: string }).code ?? '';
  const message = cause?.message ?? (error as Error).message ?? String(error);
  if (code === 'ENOTFOUND') return { reason: `DNS: no such host (${code})`, transient: false };
  if (code === 'EAI_AGAIN') return { reason: `DNS: lookup failed (${code})`, transient: true };
  if (/CERT|SSL|TLS|SELF_SIGNED|HOSTNAME|ALTNAME/i.test(code) || /certificate|ssl|tls/i.test(message))
    return { reason: `TLS error (${code || message})`, transient: false };
  if (code === 'ECONNREFUSED') return { reason: `connection refused (${code})`, transient: false };
  return { reason: `network error (${code || message})`, transient: true };
}

type Answer =
  | { kind: 'answer'; status: number; location: string | null; ms: number }
  | { kind: 'failure'; verdict: 'dead' | 'unverified'; reason: string; status?: number; ms: number };

/** One request with its retries: 429/503 after the wait asked (the host paused meanwhile), a timeout or transient failure once more. */
async function ask(
  url: string,
  method: 'HEAD' | 'GET',
  options: CheckLinkOptions,
  deps: CheckLinkDeps,
): Promise<Answer> {
  const host = new URL(url).host;
  let longest = 0;
  let failures = 0;
  for (let attempt = 0; ; attempt++) {
    // Set when the request leaves, so the time spent waiting for the host's turn is not counted as its slowness.
    let started = deps.now();
    try {
      const response = await deps.gate.run(host, () => {
        started = deps.now();
        deps.onRequest?.({ url, method });
        return deps.fetch(url, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: { 'user-agent': options.userAgent, accept: '*/*' },
        });
      });
      // Only the headers matter: the body is never read.
      await response.body?.cancel().catch(() => {});
      longest = Math.max(longest, deps.now() - started);
      if (response.status === 429 || response.status === 503) {
        const asked = retryAfterMs(response.headers.get('retry-after'), deps.now());
        const wait = asked ?? options.defaultRetryMs * 2 ** attempt;
        const verdict = response.status === 429 ? 'unverified' : 'dead';
        if (asked !== undefined && asked > options.maxRetryAfterMs) {
          return {
            kind: 'failure',
            verdict,
            status: response.status,
            reason: `HTTP ${response.status}, Retry-After ${Math.ceil(asked / 1000)} s over the ${options.maxRetryAfterMs / 1000} s limit`,
            ms: longest,
          };
        }
        if (attempt >= options.retries)
          return {
            kind: 'failure',
            verdict,
            status: response.status,
            reason: `HTTP ${response.status} after ${options.retries} retries`,
            ms: longest,
          };
        deps.gate.pause(host, deps.now() + wait);
        continue;
      }
      return { kind: 'answer', status: response.status, location: response.headers.get('location'), ms: longest };
    } catch (error) {
      longest = Math.max(longest, deps.now() - started);
      const timedOut = (error as Error).name === 'TimeoutError';
      const { reason, transient } = timedOut
        ? { reason: `timeout after ${options.timeoutMs} ms`, transient: true }
        : networkReason(error);
      // A slow or flaky host gets one more try before it is called dead.
      if (transient && failures++ < 1) continue;
      return { kind: 'failure', verdict: 'dead', reason, ms: longest };
    }
  }
}

/** Checks `url`: HEAD, GET when HEAD is refused, redirects followed with the chain kept, loops and long chains stopped. */
export async function checkLink(url: string, options: CheckLinkOptions, deps: CheckLinkDeps): Promise<LinkResult> {
  const chain: Hop[] = [];
  const seen = new Set([url]);
  let current = url;
  let method: 'HEAD' | 'GET' = 'HEAD';
  let ms = 0;
  const done = (fields: Omit<LinkResult, 'url' | 'chain' | 'ms' | 'checkedAt'>): LinkResult => ({
    url,
    ...fields,
    chain,
    ms,
    checkedAt: new Date(deps.now()).toISOString(),
  });
  for (;;) {
    const answer = await ask(current, method, options, deps);
    ms = Math.max(ms, answer.ms);
    if (answer.kind === 'failure')
      return done({
        verdict: answer.verdict,
        reason: answer.reason,
        ...(answer.status ? { status: answer.status } : {}),
      });
    chain.push({ url: current, method, status: answer.status });
    if (method === 'HEAD' && HEAD_REFUSED(answer.status)) {
      method = 'GET';
      continue;
    }
    if (REDIRECTS.has(answer.status)) {
      if (!answer.location)
        return done({
          verdict: 'dead',
          status: answer.status,
          reason: `HTTP ${answer.status} without a Location header`,
        });
      const next = new URL(answer.location, current).href;
      if (seen.has(next))
        return done({ verdict: 'dead', status: answer.status, reason: `redirect loop back to ${next}` });
      if (seen.size > options.maxRedirects)
        return done({ verdict: 'dead', status: answer.status, reason: `more than ${options.maxRedirects} redirects` });
      seen.add(next);
      current = next;
      continue;
    }
    if (answer.status >= 400) return done({ verdict: 'dead', status: answer.status, reason: `HTTP ${answer.status}` });
    const first = chain.find((hop) => !(hop.method === 'HEAD' && HEAD_REFUSED(hop.status)));
    if (first && PERMANENT.has(first.status))
      return done({ verdict: 'moved', status: answer.status, movedTo: current });
    return done({ verdict: 'ok', status: answer.status });
  }
}
