/** A fetch that stays within a request quota (a sliding minute) and gives up on an answer that never comes. */

/** Options of pacedFetch. */
export interface PacedFetchOptions {
  /** Requests allowed in any 60 s (default 118: two under the spec's default quota of 120, for the 307 hop). */
  perMinute?: number;
  /** Abort a request after this long (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Defaults of pacedFetch. */
export const PACED_FETCH_DEFAULTS = { perMinute: 118, timeoutMs: 30_000 } as const;

/** Wraps fetch: waits before a request that would be the (perMinute+1)th within 60 s; counts requests in `count()`. */
export function pacedFetch(options: PacedFetchOptions = {}): typeof fetch & { count(): number } {
  const perMinute = options.perMinute ?? PACED_FETCH_DEFAULTS.perMinute;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const inner = options.fetch ?? globalThis.fetch;
  const sent: number[] = [];
  let count = 0;
  let queue = Promise.resolve();
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // One request at a time through the gate, so waits stay ordered.
    const gate = queue.then(async () => {
      while (sent.length >= perMinute) {
        const wait = sent[0]! + 60_500 - now();
        if (wait > 0) await sleep(wait);
        else sent.shift();
      }
      sent.push(now());
      count += 1;
    });
    queue = gate.catch(() => {});
    await gate;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? PACED_FETCH_DEFAULTS.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return inner(input, { ...init, signal });
  };
  return Object.assign(wrapped as typeof fetch, { count: () => count });
}
