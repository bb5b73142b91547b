/** Node-only: the quota store a server process uses, chosen by its settings (REDIS_URL or memory). */
import type { Settings } from '../../lib/config.ts';
import { createMemoryQuota, type Quota } from '../../lib/quota.ts';
import { createRedisQuota } from './redis-quota.ts';

/** The chosen quota, and how to release it. */
export interface QuotaStore {
  quota: Quota;
  close(): Promise<void>;
  /** Why the shared store cannot be counted on now, or null (always null in memory). */
  problem(): string | null;
}

/** How a process wants its store: where Redis outages are logged, fallbacks counted, and the store without Redis. */
export interface QuotaHooks {
  log?: (line: string) => void;
  onFallback?: () => void;
  /** The store without REDIS_URL (the cluster store in a worker). Default: this process's memory. */
  memory?: () => Quota;
}

/**
 * In memory without REDIS_URL; with it, Redis, waiting up to 2 s for the first connection (past that the server
 * starts anyway, counting in memory, and the warning says so). One instance serves the API and MCP alike.
 */
export async function createQuotaStore(
  settings: Pick<Settings, 'RATE_LIMIT_PER_MINUTE' | 'REDIS_URL'>,
  hooks: QuotaHooks = {},
): Promise<QuotaStore> {
  if (!settings.REDIS_URL) {
    return {
      quota: hooks.memory?.() ?? createMemoryQuota({ limit: settings.RATE_LIMIT_PER_MINUTE }),
      close: async () => {},
      problem: () => null,
    };
  }
  const quota = createRedisQuota({
    url: settings.REDIS_URL,
    limit: settings.RATE_LIMIT_PER_MINUTE,
    ...(hooks.log ? { log: hooks.log } : {}),
    ...(hooks.onFallback ? { onFallback: hooks.onFallback } : {}),
  });
  await quota.ready();
  return { quota, close: () => quota.close(), problem: () => quota.problem() };
}
