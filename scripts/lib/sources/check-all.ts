/** Checks every link of a corpus: unique addresses, interleaved by host, cached results reused while fresh. */
import { checkLink, type CheckLinkOptions, type LinkResult } from './check-link.ts';
import { HostGate, realSleep, type Sleep } from './host-gate.ts';
import type { LinkUse } from './extract-links.ts';
import type { ResultCache } from './result-cache.ts';

/** Every tunable of `npm run check:sources`, with its default (docs/publishing.md#checking-sources says the same). */
export const CHECK_SOURCES_DEFAULTS = {
  /** Requests in flight at once to one host. */
  perHost: 2,
  /** Least time between the starts of two requests to one host, in ms. */
  delayMs: 1000,
  /** Addresses checked at once, across hosts. */
  concurrency: 8,
  /** Time a request may take to answer (headers), in ms; a timeout is tried once more before the link is dead. */
  timeoutMs: 15_000,
  maxRedirects: 10,
  /** Retries after 429 or 503. */
  retries: 3,
  /** Longest Retry-After waited for, in ms. */
  maxRetryAfterMs: 60_000,
  /** Wait after a 429 or 503 without Retry-After, doubled at each retry, in ms. */
  defaultRetryMs: 5000,
  /** A host whose links answer in this many ms or more (median) is reported as slow. */
  slowMs: 3000,
  /** A cached result younger than this is reused without any request, in ms (7 days). */
  maxAgeMs: 7 * 24 * 3600 * 1000,
  userAgent: 'permis-facts check:sources (link checker of a public reference site)',
} satisfies CheckLinkOptions & Record<string, unknown>;
/** Options of checkAll. */
export type CheckAllOptions = typeof CHECK_SOURCES_DEFAULTS;

/** What checkAll needs besides its options; tests inject fetch, sleep and the clock. */
export interface CheckAllDeps {
  cache: ResultCache;
  fetch?: typeof globalThis.fetch;
  sleep?: Sleep;
  now?: () => number;
  onRequest?: (request: { url: string; method: 'HEAD' | 'GET' }) => void;
  /** After each address: its result, whether it came from the cache, and how many addresses are done out of how many. */
  onResult?: (event: { result: LinkResult; cached: boolean; done: number; total: number }) => void;
}

/** The results of a run: by address, with how many came from the cache and how many requests were sent. */
export interface CheckAllOutcome {
  results: Map<string, LinkResult>;
  fromCache: number;
  requests: number;
}

/** Addresses ordered so that consecutive ones are on different hosts when they can be (round robin over hosts). */
export function interleaveByHost(urls: readonly string[]): string[] {
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const queues = [...byHost.values()];
  const out: string[] = [];
  for (let i = 0; out.length < urls.length; i++) for (const queue of queues) if (i < queue.length) out.push(queue[i]!);
  return out;
}

/** Checks the unique addresses of `uses` (fictional ones left out), reusing fresh cached results and caching new ones. */
export async function checkAll(
  uses: readonly LinkUse[],
  options: CheckAllOptions,
  deps: CheckAllDeps,
): Promise<CheckAllOutcome> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const urls = interleaveByHost([...new Set(uses.filter((u) => !u.fictional).map((u) => u.url))]);
  const gate = new HostGate({ perHost: options.perHost, delayMs: options.delayMs, sleep, now });
  const results = new Map<string, LinkResult>();
  let requests = 0;
  let fromCache = 0;
  const linkDeps = {
    gate,
    sleep,
    now,
    fetch: deps.fetch ?? globalThis.fetch,
    onRequest: (request: { url: string; method: 'HEAD' | 'GET' }) => {
      requests++;
      deps.onRequest?.(request);
    },
  };
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const cached = deps.cache.get(url, options.maxAgeMs, now());
      const result = cached ?? (await checkLink(url, options, linkDeps));
      results.set(url, result);
      if (cached) fromCache++;
      // An unverified link (the host kept answering 429) is asked again next run rather than trusted for days.
      else if (result.verdict !== 'unverified') await deps.cache.set(result);
      deps.onResult?.({ result, cached: cached !== undefined, done: results.size, total: urls.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, urls.length) }, worker));
  await deps.cache.flush();
  return { results, fromCache, requests };
}
