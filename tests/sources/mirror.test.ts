/** The target: the 408 bundled records against a local mirror with a slow and a rate-limited host, no false "dead"; a second run sends nothing. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { busiestHosts, startMirror } from '../../scripts/bench/sources/mirror.ts';
import { CHECK_SOURCES_DEFAULTS, checkAll } from '../../scripts/lib/sources/check-all.ts';
import { extractLinks } from '../../scripts/lib/sources/extract-links.ts';
import { buildReport } from '../../scripts/lib/sources/report.ts';
import { ResultCache } from '../../scripts/lib/sources/result-cache.ts';

describe('check:sources over the bundled records', () => {
  it('finds no dead link on a healthy mirror despite a slow host and a rate-limited one, and a second run sends no request', async () => {
    const uses = await extractLinks('content/records');
    // Of the 408 records, the few without a link are the publisher's own pages that cite no source.
    expect(new Set(uses.map((u) => u.file)).size).toBeGreaterThan(390);
    const real = uses.filter((u) => !u.fictional).map((u) => u.url);
    const [slowHost, limitedHost] = busiestHosts(real);
    const mirror = await startMirror({ slowHost, slowMs: 1500, limitedHost, limit: 'alternate' });
    try {
      const cache = await ResultCache.open(join(await mkdtemp(join(tmpdir(), 'permis-mirror-')), 'sources.json'));
      const waits: number[] = [];
      const options = { ...CHECK_SOURCES_DEFAULTS, delayMs: 0, slowMs: 1000 };
      const first = await checkAll(uses, options, {
        cache,
        fetch: mirror.fetch,
        sleep: async (ms) => void waits.push(ms),
      });
      const report = buildReport(uses, first.results, first, options.slowMs, new Date());
      expect([report.dead, report.unverified, report.moved]).toEqual([[], [], []]);
      expect(report.urls).toBe(new Set(real).size);
      expect(mirror.stats.hosts.size).toBe(new Set(real.map((u) => new URL(u).host)).size);
      // Every 429 was honoured: the host was paused for the second asked (every request in line for it waited), never longer.
      expect(mirror.stats.refused).toBeGreaterThan(0);
      expect(waits.length).toBeGreaterThanOrEqual(mirror.stats.refused);
      expect(waits.every((ms) => ms > 0 && ms <= 1000)).toBe(true);
      expect(report.slowHosts.map((h) => h.host)).toEqual([slowHost]);

      const sent = mirror.stats.requests;
      const second = await checkAll(uses, options, { cache: await ResultCache.open(cache.path), fetch: mirror.fetch });
      expect([second.requests, second.fromCache, mirror.stats.requests]).toEqual([0, report.urls, sent]);
    } finally {
      await mirror.close();
    }
  });
});
