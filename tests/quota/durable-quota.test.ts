import { describe, expect, it } from 'vitest';
import { createDurableQuota, type QuotaWindowStub } from '../../src/adapters/cloudflare/durable-quota.ts';
import { createMemoryQuota, decide } from '../../src/lib/quota.ts';
import type { DurableObjectNamespace } from '../../src/adapters/cloudflare/types.ts';

/** A namespace whose objects answer with `hit` (one object per name, as idFromName gives). */
function namespace(
  hit: (name: string, windowMs: number) => Promise<{ count: number; msLeft: number }>,
): DurableObjectNamespace<QuotaWindowStub> & { names: string[] } {
  const names: string[] = [];
  return {
    names,
    idFromName: (name) => name,
    get: (id) => {
      names.push(id as string);
      return { hit: (windowMs) => hit(id as string, windowMs) };
    },
  };
}

describe('the Durable Object quota client', () => {
  it("asks the client's own object and turns its count into the same decision as the memory store", async () => {
    const ns = namespace(async (_, windowMs) => ({ count: 121, msLeft: windowMs - 1500 }));
    const decision = await createDurableQuota(ns, { limit: 120 }).hit('192.0.2.1');
    expect(ns.names).toEqual(['192.0.2.1']);
    expect(decision).toEqual(decide(121, 120, 60_000, 58_500));
    expect(decision).toMatchObject({ allowed: false, retryAfterSeconds: 59 });
  });

  it('counts in memory and warns once a minute when the object throws', async () => {
    const warnings: string[] = [];
    const quota = createDurableQuota(
      namespace(async () => {
        throw new Error('overloaded');
      }),
      { limit: 2, warn: (m) => warnings.push(m) },
    );
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await quota.hit('192.0.2.2')).allowed);
    expect(allowed).toEqual([true, true, false]);
    expect((await quota.hit('192.0.2.3')).allowed).toBe(true);
    expect(warnings).toEqual([
      "[quota] Durable Object unreachable (overloaded); counting in this isolate's memory until it answers again",
    ]);
  });

  it('gives up on an object that does not answer in time', async () => {
    const warnings: string[] = [];
    const quota = createDurableQuota(
      namespace(() => new Promise(() => {})),
      { timeoutMs: 20, warn: (m) => warnings.push(m) },
    );
    const started = Date.now();
    expect(await quota.hit('192.0.2.4')).toMatchObject({ allowed: true, remaining: 119 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warnings[0]).toMatch(/no answer within 20 ms/);
  });

  it('uses the object again as soon as it answers', async () => {
    let down = true;
    const fallback = createMemoryQuota({ limit: 5 });
    const quota = createDurableQuota(
      namespace(async () => {
        if (down) throw new Error('down');
        return { count: 7, msLeft: 10_000 };
      }),
      { limit: 5, fallback, warn: () => {} },
    );
    expect((await quota.hit('c')).remaining).toBe(4);
    down = false;
    expect(await quota.hit('c')).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
    expect(fallback.trackedClients).toBe(1);
  });
});
