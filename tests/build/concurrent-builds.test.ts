/**
 * Two builds of different records at once, in one checkout (two addresses, two content folders, or the test suite's
 * parallel files): each build holds its own records. Astro keeps the records it loaded in a data store under its cache
 * folder; shared by both runs, one build got the other's records, or none.
 */
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { readSettings } from '../../src/lib/config.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';
import { FIXTURES_DIR } from '../support/test-build.ts';

/** The record ids a build publishes under /api/v1/facts/. */
async function publishedIds(dist: string): Promise<string[]> {
  const names = await readdir(join(dist, 'api/v1/facts'));
  return names.filter((name) => !name.includes('.')).sort();
}

describe('builds of different records at the same time', () => {
  it('each hold their own records, with their own address', async () => {
    const one = await writeCorpus({ 'seul.md': recordSource(factFrontmatter({ id: 'fait-00000000000000a1' })) });
    const other = await writeCorpus({});
    await cp(FIXTURES_DIR, other, { recursive: true });
    const builds = [
      { corpus: one, site: 'http://127.0.0.1:4901' },
      { corpus: other, site: 'http://127.0.0.1:4902' },
    ].map(({ corpus, site }) =>
      buildSite(readSettings({ CONTENT_DIR: corpus, DIST_DIR: join(corpus, '..', 'dist'), SITE_URL: site }), {
        quiet: true,
      }),
    );
    const [first, second] = await Promise.all(builds);
    expect(await publishedIds(first!.dir)).toEqual(['fait-00000000000000a1']);
    const fixtures = (await readdir(FIXTURES_DIR)).length;
    const ids = await publishedIds(second!.dir);
    expect(ids).toHaveLength(fixtures);
    expect(ids).not.toContain('fait-00000000000000a1');
  }, 300_000);
});
