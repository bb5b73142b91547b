import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api.ts';
import { startTestEdge } from '../support/worker-target.ts';

/** Anything with Miniflare's fetch signature: the entry (dispatchFetch) or one worker's fetcher. */
type Fetcher = { fetch(url: string, init: { headers: Record<string, string> }): Promise<unknown> };
const ask = async (fetcher: Fetcher, client: string) =>
  (await fetcher.fetch('http://api.test/api/v1/openapi.json', { headers: { 'cf-connecting-ip': client } })) as Response;

/** A quota object that always fails, as when Durable Objects are unavailable or overloaded. */
const BROKEN_QUOTA = `
import { DurableObject } from 'cloudflare:workers';
export class BrokenQuota extends DurableObject { async hit() { throw new Error('storage overloaded'); } }
export default { fetch: () => new Response('') };`;

describe('the Durable Object quota', () => {
  it('shares one count between isolates: 120 answers for a client, then 429 from either isolate', async () => {
    const { miniflare } = await startTestEdge({ isolates: 2, vars: { RATE_LIMIT_PER_MINUTE: '120' } });
    const isolates = (await Promise.all(
      ['permis-facts', 'permis-facts-2'].map((name) => miniflare.getWorker(name)),
    )) as unknown as Fetcher[];
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++) statuses.push((await ask(isolates[i % 2]!, '192.0.2.50')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.slice(120)).toEqual([429, 429]);
    const limited = await ask(isolates[0]!, '192.0.2.50');
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 60).toBe(true);
    await expectError(limited, 429, 'rate_limited');
    expect((await ask(isolates[1]!, '192.0.2.51')).status).toBe(200);
  });

  it('counts in isolate memory when the Durable Object fails: no 5xx, the limit still applies, a warning is logged', async () => {
    let output = '';
    const { miniflare } = await startTestEdge({
      vars: { RATE_LIMIT_PER_MINUTE: '3' },
      worker: { durableObjects: { QUOTA: { className: 'BrokenQuota', scriptName: 'broken-quota' } } },
      extraWorkers: [{ name: 'broken-quota', modules: true, script: BROKEN_QUOTA, compatibilityDate: '2026-04-20' }],
      onOutput: (text) => (output += text),
    });
    const fetcher: Fetcher = { fetch: (url, init) => miniflare.dispatchFetch(url, init) };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(fetcher, '192.0.2.60')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await ask(fetcher, '192.0.2.61')).status).toBe(200);
    await expect
      .poll(() => output)
      .toMatch(/\[quota\] Durable Object unreachable \(.*storage overloaded.*\); counting in this isolate's memory/);
    expect(output.match(/\[quota\]/g)).toHaveLength(1); // once a minute, not once a request
  });
});
