/** A per-client fixed-window rate limiter with bounded memory, usable in any JavaScript runtime. */

/** Options of createRateLimiter. */
export interface RateLimitOptions {
  /** Requests allowed per window and client. Default 120 (the spec's figure). */
  limit: number;
  /** Window length in milliseconds. Default 60 000. */
  windowMs: number;
  /** Most clients tracked at once; past it, the oldest windows are forgotten. Default 50 000. */
  maxClients: number;
  /** Clock, for tests. Default Date.now. */
  now: () => number;
}

/** Documented defaults of createRateLimiter. */
export const defaultRateLimitOptions: RateLimitOptions = {
  limit: 120,
  windowMs: 60_000,
  maxClients: 50_000,
  now: () => Date.now(),
};

/** The verdict for one request. */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** A rate limiter: `hit` counts one request of `client`. */
export interface RateLimiter {
  hit(client: string): RateDecision;
  readonly trackedClients: number;
}

/**
 * Each client's window opens with its first request and lasts windowMs; past `limit` requests
 * the client waits until its window closes (Retry-After, 1 to 60 s for the default window).
 * Windows live in a Map in opening order, so expired and oldest entries are dropped from the front.
 */
export function createRateLimiter(options: Partial<RateLimitOptions> = {}): RateLimiter {
  const { limit, windowMs, maxClients, now } = { ...defaultRateLimitOptions, ...options };
  const windows = new Map<string, { start: number; count: number }>();

  function evict(time: number): void {
    for (const [client, w] of windows) {
      if (time - w.start < windowMs && windows.size < maxClients) break;
      windows.delete(client);
    }
  }

  return {
    get trackedClients() {
      return windows.size;
    },
    hit(client) {
      const time = now();
      let w = windows.get(client);
      if (w && time - w.start >= windowMs) {
        windows.delete(client);
        w = undefined;
      }
      if (!w) {
        evict(time);
        w = { start: time, count: 0 };
        windows.set(client, w);
      }
      w.count += 1;
      if (w.count <= limit) return { allowed: true, remaining: limit - w.count };
      const wait = Math.ceil((w.start + windowMs - time) / 1000);
      return { allowed: false, retryAfterSeconds: Math.min(Math.max(wait, 1), Math.ceil(windowMs / 1000)) };
    },
  };
}
