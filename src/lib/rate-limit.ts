/** The rate-limiter interface shared by every quota store (memory, Redis, Durable Object), and the in-memory one. */

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

/**
 * The verdict for one request: enough for Retry-After and the IETF RateLimit headers.
 * `resetSeconds` is the time left in the client's window (1 to windowMs/1000).
 */
export type RateDecision =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number; windowSeconds: number }
  | { allowed: false; limit: number; remaining: 0; resetSeconds: number; windowSeconds: number; retryAfterSeconds: number };

/**
 * A rate limiter: `hit` counts one request of `client` and says whether it may proceed.
 * Every store implements this one interface, so the API handler and the MCP server share any of them.
 */
export interface RateLimiter {
  hit(client: string): Promise<RateDecision>;
}

/** Turns a count within a window into a decision (shared by every store, so they agree to the second). */
export function decide(count: number, limit: number, windowMs: number, msLeft: number): RateDecision {
  const windowSeconds = Math.ceil(windowMs / 1000);
  const resetSeconds = Math.min(Math.max(Math.ceil(msLeft / 1000), 1), windowSeconds);
  if (count <= limit) return { allowed: true, limit, remaining: limit - count, resetSeconds, windowSeconds };
  return { allowed: false, limit, remaining: 0, resetSeconds, windowSeconds, retryAfterSeconds: resetSeconds };
}

/** The in-memory limiter, plus how many clients it tracks (for memory tests). */
export interface MemoryRateLimiter extends RateLimiter {
  readonly trackedClients: number;
  /** The same verdict, synchronously (the in-memory store needs no await). */
  hitSync(client: string): RateDecision;
}

/**
 * Each client's window opens with its first request and lasts windowMs; past `limit` requests
 * the client waits until its window closes (Retry-After, 1 to 60 s for the default window).
 * Windows live in a Map in opening order, so expired and oldest entries are dropped from the front.
 */
export function createRateLimiter(options: Partial<RateLimitOptions> = {}): MemoryRateLimiter {
  const { limit, windowMs, maxClients, now } = { ...defaultRateLimitOptions, ...options };
  const windows = new Map<string, { start: number; count: number }>();

  function evict(time: number): void {
    for (const [client, w] of windows) {
      if (time - w.start < windowMs && windows.size < maxClients) break;
      windows.delete(client);
    }
  }

  function hitSync(client: string): RateDecision {
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
    return decide(w.count, limit, windowMs, w.start + windowMs - time);
  }

  return {
    get trackedClients() {
      return windows.size;
    },
    hitSync,
    hit: async (client) => hitSync(client),
  };
}
