/**
 * Node-only: the quota shared by the workers of one `npm start` without Redis, through rate-limiter-flexible's
 * cluster mode: each worker's RateLimiterCluster asks the primary's RateLimiterClusterMaster (node:cluster IPC, the
 * library's own protocol). Same window as every other store: it opens with the client's first request.
 */
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterRes } from 'rate-limiter-flexible';
import { createMemoryQuota, decide, type QuotaDecision, type Quota } from '../../lib/quota.ts';

/** Options of createClusterQuota. */
export interface ClusterQuotaOptions {
  /** Requests allowed per window and client. */
  limit: number;
  /** Window length in milliseconds (whole seconds). Default 60 000. */
  windowMs?: number;
  /** Past this wait for the primary, the request is counted in this worker's memory. Default 1 000 ms. */
  timeoutMs?: number;
  /** Called for each decision made in memory because the primary did not answer. */
  onFallback?: () => void;
}

/** Makes the primary hold the counts for every worker (call once in the primary, before forking). */
export function startClusterQuota(): void {
  new RateLimiterClusterMaster();
}

/** A worker's quota over the primary's counts; the verdicts and headers are those of decide(), as in Redis. */
export function createClusterQuota(options: ClusterQuotaOptions): Quota {
  const duration = Math.max(1, Math.round((options.windowMs ?? 60_000) / 1000));
  const store = new RateLimiterCluster({
    keyPrefix: 'permis-facts-quota',
    points: options.limit,
    duration,
    timeoutMs: options.timeoutMs ?? 1_000,
  });
  const memory = createMemoryQuota({ limit: options.limit, windowMs: duration * 1000 });
  return {
    limit: options.limit,
    async hit(client: string): Promise<QuotaDecision> {
      let result: RateLimiterRes;
      try {
        result = await store.consume(client, 1).catch((rejection: unknown) => {
          // A refusal is a verdict; anything else (a timeout) is a failure of the primary.
          if (rejection instanceof RateLimiterRes) return rejection;
          throw rejection;
        });
      } catch {
        options.onFallback?.();
        return memory.hitSync(client);
      }
      return decide(result.consumedPoints, options.limit, duration * 1000, result.msBeforeNext);
    },
  };
}
