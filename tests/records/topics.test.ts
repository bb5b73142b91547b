import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readRecordsAndTopics, readTopics, TopicError, topicsFileOf } from '../../src/lib/topics/read-topics.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { ID_PATTERN } from '../../src/lib/schema/vocabulary.ts';
import {
  factFrontmatter,
  recordSource,
  TOPICS_WITH_EVERY_PROBLEM,
  topicsProblems,
  writeCorpus,
} from '../support/records.ts';

const run = promisify(execFile);

const IDS = new Set(['fait-0000000000000001', 'page-0000000000000002']);
const topic = (overrides: Record<string, unknown> = {}) => ({
  slug: 'passer-le-permis',
  title: 'Passer le permis',
  summary: 'Le parcours.',
  records: ['fait-0000000000000001'],
  ...overrides,
});

/** Runs npm run check:records with `env`; returns exit code, stdout and stderr. */
async function checkRecords(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/check-records.ts'], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

async function topicsFile(content: unknown): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'permis-topics-')), 'topics.yaml');
  await writeFile(path, typeof content === 'string' ? content : stringify(content));
  return path;
}
async function problemsOf(content: unknown, ids = IDS): Promise<string[]> {
  const path = await topicsFile(content);
  const error = await readTopics({ path, required: true }, ids).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TopicError);
  return (error as TopicError).problems.map((p) => p.replace(path, 'topics.yaml'));
}

describe('topics file', () => {
  it('reads topics in the file order, with records and searches', async () => {
    const path = await topicsFile({
      topics: [
        topic(),
        topic({
          slug: 'etranger',
          title: 'Permis étranger',
          records: [],
          searches: [{ label: 'Échange', q: 'échange permis', region: 'bruxelles' }],
        }),
      ],
    });
    const topics = await readTopics({ path, required: true }, IDS);
    expect(topics.map((t) => t.slug)).toEqual(['passer-le-permis', 'etranger']);
    expect(topics[1]).toMatchObject({
      records: [],
      searches: [{ label: 'Échange', q: 'échange permis', region: 'bruxelles' }],
    });
    expect(topics[0]!.searches).toEqual([]);
  });

  it('stops on a record id no record has, naming the file, the field and the topic', async () => {
    expect(
      await problemsOf({ topics: [topic({ records: ['fait-0000000000000001', 'fait-00000000000000ff'] })] }),
    ).toEqual([
      'topics.yaml:7: topics[0].records[1]: unknown record id "fait-00000000000000ff" (topic "passer-le-permis")',
    ]);
  });

  it('gives every problem the line of its field, as record and synonyms errors do', async () => {
    const schema = [
      'topics:',
      '  - slug: Passer Le Permis',
      '    titel: x',
      '    title: T',
      '    summary: S',
      '    searches:',
      '      - { label: x, q: y, kind: rule }',
      '  - slug: vide',
      '    title: Vide',
      '    summary: Rien.',
      '',
    ].join('\n');
    // In the order of their lines.
    expect(await problemsOf(schema)).toEqual([
      'topics.yaml:2: topics[0].slug: must be lowercase words joined by hyphens, e.g. "permis-etranger", got "Passer Le Permis"',
      'topics.yaml:3: topics[0].titel: unknown field; check its spelling against docs/publishing.md',
      'topics.yaml:7: topics[0].searches[0].kind: Invalid option: expected one of "fact"|"expertise"|"organization"|"offer"|"person"|"professional"|"article"|"lesson"|"page"|"tool", got "rule"',
      'topics.yaml:8: topics[1].records: a topic needs at least one record or one search',
    ]);
    const links = [
      'topics:',
      '  - slug: passer-le-permis',
      '    title: Passer le permis',
      '    summary: Le parcours.',
      '    records:',
      '      - fait-0000000000000001',
      '      - fait-00000000000000ff',
      '      - fait-0000000000000001',
      '  - slug: passer-le-permis',
      '    title: Encore',
      '    summary: S',
      '    records: [page-0000000000000002]',
      '',
    ].join('\n');
    expect(await problemsOf(links)).toEqual([
      'topics.yaml:6: topics[0].records: the same record is listed twice (topic "passer-le-permis")',
      'topics.yaml:7: topics[0].records[1]: unknown record id "fait-00000000000000ff" (topic "passer-le-permis")',
      'topics.yaml:9: topics[1].slug: "passer-le-permis" is used by an earlier topic; each topic needs its own slug',
    ]);
    expect(await problemsOf('topics:\n  - slug: a\n    title: Le permis : B\n    summary: S\n')).toEqual([
      'topics.yaml:3: (file): not valid YAML: Nested mappings are not allowed in compact mappings',
    ]);
  });

  it('reports every problem in one pass: schema errors beside unknown ids and repeated slugs, and a topic without records or searches even when it has other errors', async () => {
    const file = [
      'topics:',
      '  - slug: passer-le-permis',
      '    title: Passer le permis',
      '    summary: Le parcours.',
      '    records:',
      '      - fait-00000000000000ff',
      '      - fait-1',
      '  - slug: passer-le-permis',
      '    title: ""',
      '    summary: S',
      '    titel: x',
      '  - slug: Vide',
      '    title: Vide',
      '    summary: Rien.',
      '',
    ].join('\n');
    // fait-1 does not match the id pattern: reported once, as such, not also as unknown.
    expect(await problemsOf(file)).toEqual([
      'topics.yaml:6: topics[0].records[0]: unknown record id "fait-00000000000000ff" (topic "passer-le-permis")',
      `topics.yaml:7: topics[0].records[1]: must match ${ID_PATTERN.source}, got "fait-1"`,
      'topics.yaml:8: topics[1].records: a topic needs at least one record or one search',
      'topics.yaml:8: topics[1].slug: "passer-le-permis" is used by an earlier topic; each topic needs its own slug',
      'topics.yaml:9: topics[1].title: Too small: expected string to have >=1 characters, got ""',
      'topics.yaml:11: topics[1].titel: unknown field; check its spelling against docs/publishing.md',
      'topics.yaml:12: topics[2].slug: must be lowercase words joined by hyphens, e.g. "permis-etranger", got "Vide"',
      'topics.yaml:12: topics[2].records: a topic needs at least one record or one search',
    ]);
    // Records that could not be listed (null): no id is judged unknown, the other problems are still reported.
    const path = await topicsFile(file);
    const error = await readTopics({ path, required: true }, null).catch((e: unknown) => e);
    expect((error as TopicError).problems.filter((p) => p.includes('unknown record id'))).toEqual([]);
    expect((error as TopicError).problems).toHaveLength(7);
  });

  it('npm run check:records reports an invalid record and every problem of the topics file in one run', async () => {
    const dir = await writeCorpus({
      'good.md': recordSource(factFrontmatter()),
      'broken.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
    });
    const topics = await topicsFile(TOPICS_WITH_EVERY_PROBLEM);
    const { code, stdout, stderr } = await checkRecords({ CONTENT_DIR: dir, TOPICS_FILE: topics });
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/(records|topics) in .*: all valid/);
    // The problem lines, without the records' code frames.
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('      '))).toEqual([
      'Invalid record files (1 problem):',
      `  - ${join(dir, 'broken.md')}:6: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`,
      ...topicsProblems(topics),
    ]);
  });

  it('npm run check:records checks the synonyms file too, after the records and topics, naming its line', async () => {
    const dir = await writeCorpus({ 'good.md': recordSource(factFrontmatter()) });
    const synonyms = join(await mkdtemp(join(tmpdir(), 'permis-synonyms-')), 'synonyms.yaml');
    await writeFile(synonyms, '- group: [gsm, portable]\n- from: [keuf]\n  to: [police]\n  weight: 3\n');
    const topics = await topicsFile({ topics: [topic({ records: ['fait-0000000000000001'] })] });
    const bad = await checkRecords({ CONTENT_DIR: dir, TOPICS_FILE: topics, SYNONYMS_FILE: synonyms });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('1 records in');
    expect(bad.stderr).toContain(`${synonyms}:4: entry 2: weight: must be from 0.05 to 1, got 3`);
    await writeFile(synonyms, '- group: [gsm, portable]\n');
    const good = await checkRecords({ CONTENT_DIR: dir, TOPICS_FILE: topics, SYNONYMS_FILE: synonyms });
    expect(good.stdout).toContain(`synonym rules in ${synonyms}: all valid`);
  });

  it('with records, judges topic ids against every record file whose id is readable, valid or not', async () => {
    const dir = await writeCorpus({
      'good.md': recordSource(factFrontmatter()),
      // The YAML fails, but its id line is readable.
      'bad-yaml.md': '---\nid: fait-0000000000000003\ntitle: Le permis : B\n---\nTexte.\n',
    });
    // Files that are not UTF-8 (Latin-1 « é ») or too large still declare their id.
    await writeFile(
      join(dir, 'latin1.md'),
      Buffer.from(recordSource(factFrontmatter({ id: 'fait-0000000000000004', title: 'Permis étranger' })), 'latin1'),
    );
    await writeFile(
      join(dir, 'huge.md'),
      recordSource(factFrontmatter({ id: 'fait-0000000000000005' }), 'Texte. '.repeat(40_000)),
    );
    const topics = await topicsFile({
      topics: [
        topic({
          records: [
            'fait-0000000000000001',
            'fait-0000000000000003',
            'fait-0000000000000004',
            'fait-0000000000000005',
            'fait-00000000000000ff',
          ],
        }),
      ],
    });
    const read = await readRecordsAndTopics({
      CONTENT_DIR: dir,
      SITE_URL: 'https://permis.example',
      TOPICS_FILE: topics,
    });
    expect(read.facts).toBeNull();
    expect(read.topics).toBeNull();
    expect(read.errors.map((e) => e.name)).toEqual(['RecordError', 'TopicError']);
    expect(read.errors[0]!.problems.map((p) => p.split(': (')[0]!.replace(/:\d+$/, '').replace(`${dir}/`, ''))).toEqual(
      ['bad-yaml.md', 'huge.md', 'latin1.md'],
    );
    expect(read.errors[1]!.problems).toEqual([
      `${topics}:10: topics[0].records[4]: unknown record id "fait-00000000000000ff" (topic "passer-le-permis")`,
    ]);
    // A records folder that cannot be read: its error, and no topic id judged unknown.
    const missing = await readRecordsAndTopics({
      CONTENT_DIR: join(dir, 'absent'),
      SITE_URL: 'https://permis.example',
      TOPICS_FILE: topics,
    });
    expect(missing.errors.map((e) => e.problems)).toEqual([
      [`${join(dir, 'absent')}: cannot read the records directory (ENOENT)`],
    ]);
    expect(missing.topics?.map((t) => t.slug)).toEqual(['passer-le-permis']);
  });

  it('names each bad field with its value', async () => {
    const problems = await problemsOf({
      topics: [
        topic({ slug: 'Passer Le Permis', title: '', records: ['fait-1'] }),
        topic({ slug: 'b', searches: [{ label: 'x', q: 'y', kind: 'rule' }] }),
      ],
    });
    expect(problems).toContain(
      'topics.yaml:2: topics[0].slug: must be lowercase words joined by hyphens, e.g. "permis-etranger", got "Passer Le Permis"',
    );
    expect(problems.some((p) => p.startsWith('topics.yaml:3: topics[0].title: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('topics.yaml:6: topics[0].records[0]: ') && p.includes('"fait-1"'))).toBe(
      true,
    );
    expect(
      problems.some((p) => p.startsWith('topics.yaml:15: topics[1].searches[0].kind: ') && p.includes('"rule"')),
    ).toBe(true);
  });

  it('refuses unknown fields, a topic with neither records nor searches, a repeated slug or record, and bad YAML', async () => {
    expect(await problemsOf({ topics: [topic({ titel: 'x' })] })).toEqual([
      'topics.yaml:7: topics[0].titel: unknown field; check its spelling against docs/publishing.md',
    ]);
    expect(await problemsOf({ topics: [topic({ records: [] })] })).toEqual([
      'topics.yaml:5: topics[0].records: a topic needs at least one record or one search',
    ]);
    expect(await problemsOf({ topics: [topic(), topic()] })).toEqual([
      'topics.yaml:7: topics[1].slug: "passer-le-permis" is used by an earlier topic; each topic needs its own slug',
    ]);
    expect(
      await problemsOf({ topics: [topic({ records: ['fait-0000000000000001', 'fait-0000000000000001'] })] }),
    ).toEqual(['topics.yaml:6: topics[0].records: the same record is listed twice (topic "passer-le-permis")']);
    expect((await problemsOf('topics: [\n  - slug: a\n  title')).join()).toMatch(
      /^topics\.yaml:\d+: \(file\): not valid YAML: /,
    );
    expect(await problemsOf({ topics: [] })).toEqual([
      expect.stringMatching(/^topics\.yaml:1: topics: .*(>=1|at least 1|too small)/i),
    ]);
  });

  it('finds topics.yaml beside the records directory unless TOPICS_FILE says where; only a named file must exist', async () => {
    expect(topicsFileOf({ CONTENT_DIR: 'content/records' })).toEqual({ path: 'content/topics.yaml', required: false });
    expect(topicsFileOf({ CONTENT_DIR: 'content/records', TOPICS_FILE: 'themes.yaml' })).toEqual({
      path: 'themes.yaml',
      required: true,
    });
    const missing = join(await mkdtemp(join(tmpdir(), 'permis-topics-')), 'topics.yaml');
    expect(await readTopics({ path: missing, required: false }, IDS)).toEqual([]);
    await expect(readTopics({ path: missing, required: true }, IDS)).rejects.toThrow(
      `${missing}: (file): cannot read the topics file (ENOENT)`,
    );
  });

  it('the bundled topics (6 to 10) name only records of the bundled corpus, each gathering several', async () => {
    const facts = await readRecords('content/records', 'https://permis.example');
    const topics = await readTopics(topicsFileOf({ CONTENT_DIR: 'content/records' }), new Set(facts.map((f) => f.id)));
    expect(topics.length).toBeGreaterThanOrEqual(6);
    expect(topics.length).toBeLessThanOrEqual(10);
    for (const t of topics) expect(t.records.length).toBeGreaterThanOrEqual(5);
  });
});
