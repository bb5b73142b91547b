/** The quota interface shared by every quota store (memory, Redis, Durable Object), and the in-memory store. */

/** Options of createMemoryQuota. */
export interface QuotaOptions {
  /** Requests allowed per window and client. Default 120 (the spec's figure). */
  limit: number;
  /** Window length in milliseconds. Default 60 000. */
  windowMs: number;
  /** Most clients under quota tracked at once; past it, the oldest of their windows are forgotten. Default 50 000. */
  maxClients: number;
  /**
   * Most clients that have used their whole quota tracked at once, besides maxClients. These are never forgotten
   * before their window ends, whatever the number of other addresses. Default 50 000 (filling it takes `limit` x
   * 50 000 requests within one window: 6 million a minute at the default limit).
   */
  maxBlockedClients: number;
  /** Clock, for tests. Default Date.now. */
  now: () => number;
}

/** Documented defaults of createMemoryQuota. */
export const defaultQuotaOptions: QuotaOptions = {
  limit: 120,
  windowMs: 60_000,
  maxClients: 50_000,
  maxBlockedClients: 50_000,
  now: () => Date.now(),
};

/**
 * The verdict for one request: enough for Retry-After and the IETF RateLimit headers.
 * `resetSeconds` is the time left in the client's window (1 to windowMs/1000).
 */
export type QuotaDecision =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number; windowSeconds: number }
  | {
      allowed: false;
      limit: number;
      remaining: 0;
      resetSeconds: number;
      windowSeconds: number;
      retryAfterSeconds: number;
    };

/**
 * A quota: `hit` counts one request of `client` and says whether it may proceed.
 * Every store implements this one interface, so the API handler and the MCP server share any of them.
 */
export interface Quota {
  /** Requests allowed per window and client: what the catalogue and OpenAPI served by the handler advertise. */
  readonly limit: number;
  hit(client: string): Promise<QuotaDecision>;
}

/** Turns a count within a window into a decision (shared by every store, so they agree to the second). */
export function decide(count: number, limit: number, windowMs: number, msLeft: number): QuotaDecision {
  const windowSeconds = Math.ceil(windowMs / 1000);
  const resetSeconds = Math.min(Math.max(Math.ceil(msLeft / 1000), 1), windowSeconds);
  if (count <= limit) return { allowed: true, limit, remaining: limit - count, resetSeconds, windowSeconds };
  return { allowed: false, limit, remaining: 0, resetSeconds, windowSeconds, retryAfterSeconds: resetSeconds };
}

/** The in-memory quota, plus how many clients it tracks (for memory tests). */
export interface MemoryQuota extends Quota {
  /** Clients tracked, blocked ones included. */
  readonly trackedClients: number;
  /** Clients tracked that have used their whole quota in their current window. */
  readonly blockedClients: number;
  /** The same verdict, synchronously (the in-memory store needs no await). */
  hitSync(client: string): QuotaDecision;
}

type Window = { start: number; count: number };

/**
 * Each client's window opens with its first request and lasts windowMs; past `limit` requests
 * the client waits until its window closes (Retry-After, 1 to 60 s for the default window).
 * Two tables bound the memory: `open` (under quota, in opening order; when full, its oldest entry is forgotten,
 * which only gives that client a fresh window) and `spent` (quota used up; an entry leaves it only when its window
 * ends, so rotating addresses can never free a blocked client). Should `spent` be full, a client that uses up its
 * quota stays in `open`, where eviction can free it: the documented trade-off that keeps memory bounded.
 */
export function createMemoryQuota(options: Partial<QuotaOptions> = {}): MemoryQuota {
  const { limit, windowMs, maxClients, maxBlockedClients, now } = { ...defaultQuotaOptions, ...options };
  const open = new Map<string, Window>();
  const spent = new Map<string, Window>();
  const ended = (w: Window, time: number) => time - w.start >= windowMs;

  function makeRoom(time: number): void {
    // `spent` is in order of exhaustion, not of opening: an ended entry behind a live one waits for the next pass.
    for (const [client, w] of spent) {
      if (!ended(w, time)) break;
      spent.delete(client);
    }
    for (const [client, w] of open) {
      if (!ended(w, time) && open.size < maxClients) break;
      open.delete(client);
    }
  }

  function hitSync(client: string): QuotaDecision {
    const time = now();
    let w = spent.get(client) ?? open.get(client);
    if (w && ended(w, time)) {
      spent.delete(client);
      open.delete(client);
      w = undefined;
    }
    if (!w) {
      makeRoom(time);
      w = { start: time, count: 0 };
      open.set(client, w);
    }
    w.count += 1;
    if (w.count >= limit && spent.size < maxBlockedClients && open.delete(client)) spent.set(client, w);
    return decide(w.count, limit, windowMs, w.start + windowMs - time);
  }

  return {
    limit,
    get trackedClients() {
      return open.size + spent.size;
    },
    get blockedClients() {
      return spent.size;
    },
    hitSync,
    hit: async (client) => hitSync(client),
  };
}
