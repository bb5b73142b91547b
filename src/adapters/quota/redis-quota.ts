/**
 * Node-only: the quota store shared by every server process (API and MCP alike), in Redis through
 * rate-limiter-flexible and ioredis, behind a circuit breaker (cockatiel). While Redis is down or hangs, each
 * process counts in its own bounded memory quota, and asks Redis again only once every `breakerOpenMs`.
 */
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createMemoryQuota, decide, defaultQuotaOptions, type QuotaDecision, type Quota } from '../../lib/quota.ts';

/** Options of createRedisQuota. */
export interface RedisQuotaOptions {
  /** redis:// or rediss:// address (REDIS_URL). */
  url: string;
  /** Requests allowed per window and client. Default 120. */
  limit: number;
  /** Window length in milliseconds, a whole number of seconds. Default 60 000. */
  windowMs: number;
  /** A Redis command slower than this counts as an outage (the request is counted in memory). Default 250 ms. */
  commandTimeoutMs: number;
  /**
   * After a Redis failure (timeout, error, no connection), how long Redis is not asked at all: requests are counted
   * in memory at once. Then one request tries Redis again (waiting at most commandTimeoutMs); a success closes the
   * breaker, a failure opens it for as long again. A reconnection closes it at once. Default 5 000 ms.
   */
  breakerOpenMs: number;
  /** Prefix of the keys in Redis. Default 'permis-facts:quota'. */
  keyPrefix: string;
  /** Where the outage warning (once per outage) and the recovery go. Default console.warn. */
  log: (line: string) => void;
  /**
   * Called for each decision made in memory because Redis could not be counted on (for the metrics), with why:
   * `failed` (this request asked Redis and got no answer), `open` (the breaker kept it from asking) or `trial`
   * (another request is trying Redis again). Default: nothing.
   */
  onFallback: (reason: FallbackReason) => void;
}

/** Why a request was counted in memory rather than in Redis. */
export type FallbackReason = 'failed' | 'open' | 'trial';

/** Documented defaults of createRedisQuota. */
export const REDIS_QUOTA_DEFAULTS: Omit<RedisQuotaOptions, 'url'> = {
  limit: defaultQuotaOptions.limit,
  windowMs: defaultQuotaOptions.windowMs,
  commandTimeoutMs: 250,
  breakerOpenMs: 5_000,
  keyPrefix: 'permis-facts:quota',
  log: (line) => console.warn(line),
  onFallback: () => {},
};

/** The Redis quota: the shared interface, plus start-up and shutdown. */
export interface RedisQuota extends Quota {
  /** Resolves once Redis answers, or after `timeoutMs` (requests are then counted in memory until it does). */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Closes the connection. */
  close(): Promise<void>;
  /** Why Redis cannot be counted on now (not connected, or in an outage the breaker saw), or null: no command is sent. */
  problem(): string | null;
}

/** The address without its password, for logs. */
function safeUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return '(invalid REDIS_URL)';
  parsed.password = parsed.password ? '***' : '';
  return parsed.href;
}

/** A refusal from rate-limiter-flexible is a verdict, not a failure of Redis: the breaker must not count it. */
const verdict = (rejection: unknown): RateLimiterRes => {
  if (rejection instanceof RateLimiterRes) return rejection;
  throw rejection;
};

/**
 * A fixed window per client that opens with its first request (a key with a TTL, as decide() expects), in Redis.
 * No offline queue and a short command timeout; after a failure the breaker keeps requests away from Redis for
 * breakerOpenMs, so a hanging Redis costs one request commandTimeoutMs per breakerOpenMs, not every request.
 * Meanwhile the in-memory quota (same limit, bounded, blocked clients never evicted) holds the quota per process.
 */
export function createRedisQuota(options: Partial<RedisQuotaOptions> & { url: string }): RedisQuota {
  const { url, limit, windowMs, commandTimeoutMs, breakerOpenMs, keyPrefix, log, onFallback } = {
    ...REDIS_QUOTA_DEFAULTS,
    ...options,
  };
  const where = safeUrl(url);
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    // Reconnect for ever, at most every 2 s: the shared count comes back on its own.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  const duration = Math.max(1, Math.round(windowMs / 1000));
  const memory = createMemoryQuota({ limit, windowMs: duration * 1000 });
  const newBreaker = () =>
    circuitBreaker(handleAll, { halfOpenAfter: breakerOpenMs, breaker: new ConsecutiveBreaker(1) });
  let breaker: CircuitBreakerPolicy = newBreaker();
  let outage = false;
  const startOutage = (why: string) => {
    if (outage) return;
    outage = true;
    log(
      `[quota] Redis at ${where} unavailable (${why}); counting requests in this process's memory until it answers again`,
    );
  };
  const endOutage = () => {
    if (!outage) return;
    outage = false;
    log(`[quota] Redis at ${where} answers again; the shared count is back`);
  };
  // Without an 'error' listener ioredis would print every reconnection failure.
  redis.on('error', (error: Error) => startOutage(error.message || error.name));
  redis.on('ready', () => {
    // A new connection is proof enough: no need to wait for the breaker's next trial.
    breaker = newBreaker();
    endOutage();
  });
  const store = new RateLimiterRedis({
    storeClient: redis,
    points: limit,
    duration,
    keyPrefix,
    rejectIfRedisNotReady: true,
  });

  async function hit(client: string): Promise<QuotaDecision> {
    // While one request tries Redis again, cockatiel would make the others wait for its answer: count them here.
    if (breaker.state === CircuitState.HalfOpen) {
      onFallback('trial');
      return memory.hitSync(client);
    }
    let result: RateLimiterRes;
    try {
      result = await breaker.execute(() => store.consume(client, 1).catch(verdict));
    } catch (error) {
      const open = error instanceof BrokenCircuitError;
      if (!open)
        startOutage(
          redis.status === 'ready' ? `no answer within ${commandTimeoutMs} ms` : `connection ${redis.status}`,
        );
      onFallback(open ? 'open' : 'failed');
      return memory.hitSync(client);
    }
    endOutage();
    return decide(result.consumedPoints, limit, duration * 1000, result.msBeforeNext);
  }

  return {
    limit,
    hit,
    async ready(timeoutMs = 2_000) {
      if (redis.status === 'ready') return true;
      let timer: NodeJS.Timeout | undefined;
      const up = await Promise.race([
        new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (!up) startOutage(`no connection within ${timeoutMs} ms`);
      return up;
    },
    async close() {
      redis.disconnect();
    },
    problem() {
      if (redis.status !== 'ready') return `Redis at ${where} is not connected (${redis.status})`;
      return outage ? `Redis at ${where} does not answer` : null;
    },
  };
}
