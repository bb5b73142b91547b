import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readSettings } from '../../src/lib/config.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import {
  factFrontmatter,
  recordSource,
  TOPICS_WITH_EVERY_PROBLEM,
  topicsProblems,
  writeCorpus,
} from '../support/records.ts';

const ID = 'fait-0000000000000001';

describe('topics and the error-report link in a build', () => {
  it('stops on a topic naming a record that does not exist, naming the file and the field, and keeps the last good output', async () => {
    const dir = await writeCorpus({ 'good.md': recordSource(factFrontmatter({ id: ID })) });
    const work = await writeCorpus({});
    const topics = join(work, 'topics.yaml');
    await writeFile(
      topics,
      stringify({
        topics: [{ slug: 'theme', title: 'Un thème', summary: 'Texte.', records: [ID, 'fait-00000000000000ff'] }],
      }),
    );
    const dist = join(work, 'dist');
    await mkdir(dist);
    await writeFile(join(dist, 'last-good.txt'), 'kept');
    const failure = await buildSite(readSettings({ CONTENT_DIR: dir, DIST_DIR: dist, TOPICS_FILE: topics }), {
      quiet: true,
    }).then(
      () => null,
      (error: Error & { output?: string }) => error,
    );
    expect(failure?.message).toBe(
      `Invalid topics file (1 problem):\n  - ${topics}:7: topics[0].records[1]: unknown record id "fait-00000000000000ff" (topic "theme")`,
    );
    expect(await readdir(dist)).toEqual(['last-good.txt']);
  }, 180_000);

  it('stops on an invalid record and reports every problem of the topics file with it, in one pass', async () => {
    const dir = await writeCorpus({
      'good.md': recordSource(factFrontmatter({ id: ID })),
      'broken.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
    });
    const work = await writeCorpus({ 'topics.yaml': TOPICS_WITH_EVERY_PROBLEM });
    const topics = join(work, 'topics.yaml');
    const failure = await buildSite(
      readSettings({ CONTENT_DIR: dir, DIST_DIR: join(work, 'dist'), TOPICS_FILE: topics }),
      { quiet: true },
    ).then(
      () => null,
      (error: Error & { output?: string }) => error,
    );
    expect(failure?.output).toBe(failure?.message);
    // The problem lines, without the records' code frames.
    expect(failure?.message.split('\n').filter((line) => !line.startsWith('      '))).toEqual([
      'Invalid record files (1 problem):',
      `  - ${join(dir, 'broken.md')}:6: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`,
      ...topicsProblems(topics),
    ]);
  }, 180_000);

  it('without ERROR_REPORT_URL or a topics file, record pages have no report link and the home page no topics', async () => {
    const dir = join(await writeCorpus({}), 'records');
    await mkdir(dir);
    await writeFile(join(dir, 'good.md'), recordSource(factFrontmatter({ id: ID })));
    const dist = join(dir, '..', 'dist');
    // ERROR_REPORT_URL set in the parent environment must not leak into a build whose settings leave it unset.
    process.env.ERROR_REPORT_URL = 'mailto:leak@permis.example';
    try {
      const made = await buildSite(readSettings({ CONTENT_DIR: dir, DIST_DIR: dist }), { quiet: true });
      expect(made.built).toBe(true);
      // The same inputs again: the build is found, not made (npm run build says "Found" or "Built" by this).
      const found = await buildSite(readSettings({ CONTENT_DIR: dir, DIST_DIR: dist }), { quiet: true });
      expect(found).toMatchObject({ built: false, dir: made.dir, digest: made.digest });
    } finally {
      delete process.env.ERROR_REPORT_URL;
    }
    const record = await readFile(join(dist, `fiches/${ID}/index.html`), 'utf8');
    expect(record).toContain('Cette fiche en JSON');
    expect(record).not.toContain('Signaler une erreur');
    expect(record).not.toContain('mailto:leak');
    const home = await readFile(join(dist, 'index.html'), 'utf8');
    expect(home).toContain('Par type');
    expect(home).not.toContain('Que voulez-vous faire');
    expect(await readFile(join(dist, 'themes/index.html'), 'utf8')).toContain("Aucun thème n'est publié.");
  }, 180_000);
});
