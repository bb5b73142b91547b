/**
 * Issue 14, item 2, in process: heap after 20,000, 40,000 and 60,000 distinct /facts queries that match nothing,
 * through the handler (answer cache, ranking cache, query-key cache). Bounded caches keep it flat.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readDist } from '../../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../../src/lib/api/handler.ts';

/** Heap in MiB after a full collection, at each step. */
export interface CacheGrowth {
  steps: { queries: number; heapMb: number }[];
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** Runs `total` distinct no-match queries, measuring the heap every `step`. */
export async function measureCacheGrowth(dist: string, total = 60_000, step = 20_000): Promise<CacheGrowth> {
  const api = createApiHandler({ read: readDist(dist), quota: { limit: 1e9 } });
  const request = (path: string) => {
    const url = new URL(`http://bench.local${path}`);
    return api.reply(
      { method: 'GET', url: url.href, parsedUrl: url, headers: { get: () => null } },
      { clientAddress: 'bench' },
    );
  };
  await request('/api/v1/facts?po_live=1&q=permis');
  const steps = [{ queries: 0, heapMb: heapMb() }];
  for (let i = 0; i < total; i++) {
    const reply = await request(`/api/v1/facts?po_live=1&q=zq${i.toString(36)}x`);
    if (reply.status !== 200) throw new Error(`no-match query ${i}: HTTP ${reply.status}`);
    if ((i + 1) % step === 0) steps.push({ queries: i + 1, heapMb: heapMb() });
  }
  return { steps };
}
