import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/lib/config.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { MAX_RECORD_BYTES } from '../../src/lib/records/file-limits.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

describe('the site build', () => {
  it('stops on invalid, oversized or non-UTF-8 record files and on notes.txt, naming each, skips dotfiles, and keeps the last good output', async () => {
    const big = recordSource(factFrontmatter({ id: 'fait-0000000000000003' }), 'Texte. '.repeat(40_000));
    const latin1 = Buffer.concat([
      Buffer.from(recordSource(factFrontmatter({ id: 'fait-0000000000000004' }), 'Le permis de conduire ')),
      Buffer.from([0xe9]),
      Buffer.from('t\u00e9 ok\n'),
    ]);
    const dir = await writeCorpus({
      'good.md': recordSource(factFrontmatter()),
      'broken.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
      'big.md': big,
      'placeholder.md': recordSource(factFrontmatter({ id: 'fait-0000000000000005' }), 'a\uE000b'),
      // An editor's swap file and a Finder file are not records: skipped, not reported. notes.txt is reported.
      '.good.md.swp': 'b0VIM 9.0\u0000',
      '.DS_Store': 'x',
      'notes.txt': 'à faire',
    });
    await writeFile(join(dir, 'latin1.md'), latin1);
    const dist = join(await writeCorpus({}), 'dist');
    await mkdir(dist);
    await writeFile(join(dist, 'last-good.txt'), 'kept');
    const settings = readSettings({ CONTENT_DIR: dir, DIST_DIR: dist });
    const failure = await buildSite(settings, { quiet: true }).then(
      () => null,
      (error: Error & { output?: string }) => error,
    );
    // The list of problems alone, in place of Astro's report and stack trace.
    expect(failure?.message).toMatch(/^Invalid record files \(5 problems\):\n/);
    expect(failure?.output).toBe(failure?.message);
    expect(failure?.output).not.toMatch(/Stack trace|^\s+at /m);
    expect(failure?.output).toContain(
      `  - ${join(dir, 'broken.md')}:6: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`,
    );
    expect(failure?.output).toContain(
      `  - ${join(dir, 'big.md')}: (file): ${Buffer.byteLength(big)} bytes, over the limit of ${MAX_RECORD_BYTES} bytes (256 KiB) for a record file; split it into several records`,
    );
    const offset = latin1.indexOf(0xe9);
    expect(failure?.output).toContain(
      `  - ${join(dir, 'latin1.md')}: (file): invalid UTF-8 at byte offset ${offset} (byte 0xe9); save the file as UTF-8`,
    );
    const placeholderOffset =
      Buffer.from(recordSource(factFrontmatter({ id: 'fait-0000000000000005' }), 'a')).length - 1;
    expect(failure?.output).toContain(
      `  - ${join(dir, 'placeholder.md')}: (file): character U+E000 at byte offset ${placeholderOffset} is reserved (the renderer uses it); remove it`,
    );
    expect(failure?.output).toContain(
      `  - ${join(dir, 'notes.txt')}: (file): not a .md record file; remove it or rename it`,
    );
    expect(failure?.output).not.toMatch(/\.good\.md\.swp|\.DS_Store/);
    expect(await readdir(dist)).toEqual(['last-good.txt']);
  }, 120_000);
});
