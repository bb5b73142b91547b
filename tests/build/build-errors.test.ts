import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/lib/config.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

describe('the site build', () => {
  it('stops on an invalid record file with a message naming the file and the field', async () => {
    const dir = await writeCorpus({
      'good.md': recordSource(factFrontmatter()),
      'broken.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
    });
    const settings = readSettings({ CONTENT_DIR: dir, DIST_DIR: join(dir, 'dist') });
    const failure = await buildSite(settings, { quiet: true }).then(
      () => null,
      (error: Error & { output?: string }) => error,
    );
    expect(failure?.message).toBe('astro build failed (exit 1)');
    expect(failure?.output).toContain(`  - ${join(dir, 'broken.md')}: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`);
  }, 120_000);
});
