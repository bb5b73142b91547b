/**
 * Node-only: the quota store shared by every server process (API and MCP alike), in Redis through
 * rate-limiter-flexible and ioredis. While Redis is down or slow, each process counts in its own memory.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { decide, defaultRateLimitOptions, type RateDecision, type RateLimiter } from '../lib/rate-limit.ts';

/** Options of createRedisRateLimiter. */
export interface RedisRateLimitOptions {
  /** redis:// or rediss:// address (REDIS_URL). */
  url: string;
  /** Requests allowed per window and client. Default 120. */
  limit: number;
  /** Window length in milliseconds, a whole number of seconds. Default 60 000. */
  windowMs: number;
  /** A Redis command slower than this counts as an outage (the request is counted in memory). Default 250 ms. */
  commandTimeoutMs: number;
  /** Prefix of the keys in Redis. Default 'permis-facts:quota'. */
  keyPrefix: string;
  /** Where the outage warning (once per outage) and the recovery go. Default console.warn. */
  log: (line: string) => void;
}

/** Documented defaults of createRedisRateLimiter. */
export const REDIS_RATE_LIMIT_DEFAULTS: Omit<RedisRateLimitOptions, 'url'> = {
  limit: defaultRateLimitOptions.limit,
  windowMs: defaultRateLimitOptions.windowMs,
  commandTimeoutMs: 250,
  keyPrefix: 'permis-facts:quota',
  log: (line) => console.warn(line),
};

/** The Redis limiter: the shared interface, plus start-up and shutdown. */
export interface RedisRateLimiter extends RateLimiter {
  /** Resolves once Redis answers, or after `timeoutMs` (requests are then counted in memory until it does). */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** The address without its password, for logs. */
function safeUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return '(invalid REDIS_URL)';
  parsed.password = parsed.password ? '***' : '';
  return parsed.href;
}

/**
 * A fixed window per client that opens with its first request (a key with a TTL, as decide() expects), in Redis.
 * No offline queue and a short command timeout: a request never waits for Redis to come back; rate-limiter-flexible
 * then counts it in the insurance limiter (memory, same limit), so the quota still holds per process.
 */
export function createRedisRateLimiter(options: Partial<RedisRateLimitOptions> & { url: string }): RedisRateLimiter {
  const { url, limit, windowMs, commandTimeoutMs, keyPrefix, log } = { ...REDIS_RATE_LIMIT_DEFAULTS, ...options };
  const where = safeUrl(url);
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    // Reconnect for ever, at most every 2 s: the shared count comes back on its own.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let outage = false;
  let fallbacks = 0;
  const startOutage = (why: string) => {
    if (outage) return;
    outage = true;
    log(`[quota] Redis at ${where} unavailable (${why}); counting requests in this process's memory until it answers again`);
  };
  const endOutage = () => {
    if (!outage) return;
    outage = false;
    log(`[quota] Redis at ${where} answers again; the shared count is back`);
  };
  // Without an 'error' listener ioredis would print every reconnection failure.
  redis.on('error', (error: Error) => startOutage(error.message || error.name));
  redis.on('ready', endOutage);

  class Insurance extends RateLimiterMemory {
    override consume(key: string | number, points?: number, consumeOptions?: Record<string, unknown>) {
      fallbacks += 1;
      startOutage(redis.status === 'ready' ? `no answer within ${commandTimeoutMs} ms` : `connection ${redis.status}`);
      return super.consume(key, points, consumeOptions);
    }
  }
  const duration = Math.max(1, Math.round(windowMs / 1000));
  const store = new RateLimiterRedis({
    storeClient: redis,
    points: limit,
    duration,
    keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new Insurance({ points: limit, duration, keyPrefix: `${keyPrefix}:memory` }),
  });

  async function hit(client: string): Promise<RateDecision> {
    const before = fallbacks;
    let result: RateLimiterRes;
    try {
      result = await store.consume(client, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      result = rejection;
    }
    // Counted in Redis, with no fallback meanwhile: a slow spell is over.
    if (fallbacks === before && redis.status === 'ready') endOutage();
    return decide(result.consumedPoints, limit, duration * 1000, result.msBeforeNext);
  }

  return {
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
  };
}
