import { describe, expect, it } from 'vitest';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { ENTRY_OVERHEAD_BYTES } from '../../src/lib/bounded-cache.ts';
import { Entity } from '../../src/lib/api/entity.ts';
import { createReplyCache, factsKey } from '../../src/lib/api/reply-cache.ts';
import { testSettings } from '../support/test-build.ts';
import { get, testHandler } from '../support/api.ts';

/** A handler whose record cache holds one record, counting record file reads: a /facts answer not served from the reply cache reads records again. */
function countingHandler(replyCache?: { entries: number; bytes: number }) {
  const read = readDist(testSettings.DIST_DIR);
  const counter = { records: 0 };
  const handler = testHandler({
    read: (path) => {
      if (path.startsWith('api/v1/facts/')) counter.records += 1;
      return read(path);
    },
    recordCache: { entries: 1, bytes: 1e6 },
    ...(replyCache ? { replyCache } : {}),
  });
  return { handler, counter };
}

describe('the /facts answer cache', () => {
  it('keeps an answer from the second request of its query on: the third is served without running the search, byte for byte the same', async () => {
    const { handler, counter } = countingHandler();
    const path = '/api/v1/facts?po_live=1&q=examen+th%C3%A9orique';
    const first = await (await get(handler, path)).text();
    const once = counter.records;
    expect(once).toBeGreaterThan(1);
    // Asked once, the answer was not kept: the second request runs the search again (and keeps it).
    expect(await (await get(handler, path)).text()).toBe(first);
    const twice = counter.records;
    expect(twice).toBeGreaterThan(once);
    expect(await (await get(handler, path)).text()).toBe(first);
    expect(counter.records).toBe(twice);
  });

  it('does not keep the answers of searches asked once', () => {
    const cache = createReplyCache({ entries: 100, bytes: 1e6 })!;
    for (let i = 0; i < 50; i++) cache.offer(`q${i}`, new Entity(new Uint8Array(100)));
    expect(cache.answers.size).toBe(0);
    const kept = new Entity(new Uint8Array(100));
    cache.offer('q7', kept);
    expect(cache.get('q7')).toBe(kept);
    expect(cache.answers.size).toBe(1);
  });

  it('shares one answer between queries that normalise alike, parameters in any order', async () => {
    const { handler, counter } = countingHandler();
    const first = await (
      await get(handler, "/api/v1/facts?po_live=1&q=L'EXAMEN+th%C3%A9oriques&kind=fact&limit=5")
    ).text();
    await get(handler, "/api/v1/facts?po_live=1&q=L'EXAMEN+th%C3%A9oriques&kind=fact&limit=5");
    const reads = counter.records;
    const same = await (await get(handler, '/api/v1/facts?limit=5&kind=fact&q=theorique+examen&po_live=1')).text();
    expect(same).toBe(first);
    expect(counter.records).toBe(reads);
    await get(handler, '/api/v1/facts?po_live=1&q=theorique+examen&kind=fact&limit=5&offset=1');
    expect(counter.records).toBeGreaterThan(reads);
  });

  it('still validates every request: a cached query with a bad parameter gets its 400', async () => {
    const { handler } = countingHandler();
    await get(handler, '/api/v1/facts?po_live=1&q=permis');
    expect((await get(handler, '/api/v1/facts?po_live=1&q=permis&limit=abc')).status).toBe(400);
    expect((await get(handler, '/api/v1/facts?po_live=1&q=permis&page=2')).status).toBe(400);
  });

  it('forgets the least recently used answer past its entry bound', async () => {
    const { handler, counter } = countingHandler({ entries: 2, bytes: 1e8 });
    const paths = ['q=permis', 'q=examen', 'q=alcool'].map((q) => `/api/v1/facts?po_live=1&${q}`);
    for (const path of paths) await get(handler, path);
    for (const path of paths) await get(handler, path);
    const reads = counter.records;
    await get(handler, paths[2]!);
    await get(handler, paths[1]!);
    expect(counter.records).toBe(reads);
    await get(handler, paths[0]!);
    expect(counter.records).toBeGreaterThan(reads);
  });

  it('runs every search again when turned off', async () => {
    const { handler, counter } = countingHandler({ entries: 0, bytes: 0 });
    await get(handler, '/api/v1/facts?po_live=1&q=permis');
    const reads = counter.records;
    await get(handler, '/api/v1/facts?po_live=1&q=permis');
    expect(counter.records).toBeGreaterThan(reads);
  });
});

describe('the reply cache bounds', () => {
  const entity = (size: number) => new Entity(new Uint8Array(size));

  it('counts keys, bodies, a per-entry overhead, and each compressed form as it is made, against the byte bound', async () => {
    const cache = createReplyCache({ entries: 100, bytes: 1e6 })!.answers;
    const kept = entity(1000);
    kept.keepIn(cache, 'k'.repeat(50));
    const before = cache.calculatedSize;
    expect(before).toBe(2 * 50 + kept.size + ENTRY_OVERHEAD_BYTES);
    expect(kept.size).toBeGreaterThanOrEqual(1000);
    const form = await kept.form('br', () => new Uint8Array(300));
    expect(cache.calculatedSize).toBe(before + form!.bytes.length + 48);
    await kept.form('gzip', () => new Uint8Array(2000));
    expect(cache.calculatedSize).toBe(before + form!.bytes.length + 48);
  });

  it('does not put back an answer it has dropped when that answer later gains a form', async () => {
    const cache = createReplyCache({ entries: 1, bytes: 1e6 })!.answers;
    const first = entity(1000);
    first.keepIn(cache, 'a');
    entity(1000).keepIn(cache, 'b');
    await first.form('br', () => new Uint8Array(10));
    expect([...cache.keys()]).toEqual(['b']);
  });

  it('keeps within its byte bound when forms are added after storing', async () => {
    const bytes = 50_000;
    const cache = createReplyCache({ entries: 1_000, bytes })!.answers;
    for (let i = 0; i < 200; i++) {
      const kept = entity(2_000);
      kept.keepIn(cache, `q${i}`);
      await kept.form('br', () => new Uint8Array(900));
      await kept.form('gzip', () => new Uint8Array(1_000));
      expect(cache.calculatedSize).toBeLessThanOrEqual(bytes);
    }
  });

  it('stays within its byte bound however many answers come, long keys included', () => {
    const bytes = 200_000;
    const cache = createReplyCache({ entries: 10_000, bytes })!.answers;
    for (let i = 0; i < 5_000; i++) entity(100 + (i % 3000)).keepIn(cache, `${i}`.padEnd(600, 'x'));
    expect(cache.calculatedSize).toBeLessThanOrEqual(bytes);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('stays within its entry bound with empty answers', () => {
    const cache = createReplyCache({ entries: 50, bytes: 1e9 })!.answers;
    for (let i = 0; i < 60_000; i++) entity(0).keepIn(cache, `no match ${i}`);
    expect(cache.size).toBe(50);
  });

  it('keys a query by its sorted normalised terms, filters and page', () => {
    expect(factsKey({ q: "L'Examen  Théoriques", limit: 10, offset: 0 })).toBe(
      factsKey({ q: 'theorique examen', limit: 10, offset: 0 }),
    );
    expect(factsKey({ q: 'le la', limit: 10, offset: 0 })).toBe(factsKey({ limit: 10, offset: 0 }));
    const base = { q: 'permis', limit: 10, offset: 0 } as const;
    const variants = [
      base,
      { ...base, kind: 'fact' as const },
      { ...base, region: 'wallonie' as const },
      { ...base, limit: 11 },
      { ...base, offset: 1 },
    ];
    expect(new Set(variants.map(factsKey)).size).toBe(variants.length);
  });
});
