/**
 * The edge quota store: the `Quota` interface over the QuotaWindow Durable Object, one object per client key,
 * so every isolate and location shares one count. When the object cannot be reached (error or timeout), the request
 * is counted by a per-isolate in-memory quota instead and a warning is logged: the API stays up, with a looser limit.
 */
import { createMemoryQuota, decide, defaultQuotaOptions, type Quota } from '../../lib/quota.ts';
import type { DurableObjectNamespace } from './types.ts';
import type { WindowCount } from './quota-window.ts';

/** The RPC surface of a QuotaWindow stub. */
export interface QuotaWindowStub {
  hit(windowMs: number): Promise<WindowCount>;
}

/** Options of createDurableQuota. */
export interface DurableQuotaOptions {
  /** Requests allowed per window and client. Default 120. */
  limit: number;
  /** Window length in milliseconds. Default 60 000. */
  windowMs: number;
  /** How long to wait for the Durable Object before counting in memory. Default 1000 ms. */
  timeoutMs: number;
  /** The quota used while the Durable Object cannot be reached. Default: in memory, same limit and window. */
  fallback?: Quota;
  /** Where the fallback warning goes (at most once a minute per isolate). Default console.warn. */
  warn: (message: string) => void;
}

/** Documented defaults of createDurableQuota. */
export const defaultDurableQuotaOptions: DurableQuotaOptions = {
  limit: defaultQuotaOptions.limit,
  windowMs: defaultQuotaOptions.windowMs,
  timeoutMs: 1000,
  warn: (message) => console.warn(message),
};

const WARN_EVERY_MS = 60_000;

/** A Quota whose counters live in Durable Objects (`namespace` is the QUOTA binding). */
export function createDurableQuota(
  namespace: DurableObjectNamespace<QuotaWindowStub>,
  options: Partial<DurableQuotaOptions> = {},
): Quota {
  const { limit, windowMs, timeoutMs, fallback, warn } = { ...defaultDurableQuotaOptions, ...options };
  const memory = fallback ?? createMemoryQuota({ limit, windowMs });
  let lastWarning = -Infinity;

  return {
    limit,
    async hit(client) {
      try {
        const { count, msLeft } = await withTimeout(
          namespace.get(namespace.idFromName(client)).hit(windowMs),
          timeoutMs,
        );
        return decide(count, limit, windowMs, msLeft);
      } catch (error) {
        if (Date.now() - lastWarning >= WARN_EVERY_MS) {
          lastWarning = Date.now();
          warn(
            `[quota] Durable Object unreachable (${(error as Error).message ?? error}); counting in this isolate's memory until it answers again`,
          );
        }
        return memory.hit(client);
      }
    },
  };
}

/** Rejects when `promise` takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
