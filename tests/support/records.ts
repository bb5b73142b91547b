/** Helpers to write small record corpora in temporary directories. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

/** A valid frontmatter for a fact, with overrides. */
export function factFrontmatter(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'fait-0000000000000001',
    kind: 'fact',
    title: 'Une règle de test',
    regions: ['belgique'],
    sources: [{ url: 'https://mobilit.belgium.be/fr', label: 'SPF Mobilité', type: 'official' }],
    ...overrides,
  };
}

/** The source of a record file. */
export function recordSource(frontmatter: Record<string, unknown>, body = 'Le texte de la fiche de test.'): string {
  return `---\n${stringify(frontmatter)}---\n${body}\n`;
}

/** Writes files (name → source) into a new temporary directory and returns its path. */
export async function writeCorpus(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'permis-records-'));
  await Promise.all(Object.entries(files).map(([name, source]) => writeFile(join(dir, name), source)));
  return dir;
}

/**
 * A topics file with a problem of each kind: fait-0000000000000002 is the id of a record that has a bad field (not an
 * unknown id), fait-00000000000000ff no record's; a repeated slug, a schema error, and a topic with neither records nor
 * searches that also has an unknown field.
 */
export const TOPICS_WITH_EVERY_PROBLEM = [
  'topics:',
  '  - slug: passer-le-permis',
  '    title: Passer le permis',
  '    summary: Le parcours.',
  '    records:',
  '      - fait-0000000000000001',
  '      - fait-0000000000000002',
  '      - fait-00000000000000ff',
  '  - slug: passer-le-permis',
  '    title: Encore',
  '    summary: S',
  '    searches:',
  '      - { label: x, q: y, kind: rule }',
  '  - slug: vide',
  '    title: Vide',
  '    summary: Rien.',
  '    titel: x',
  '',
].join('\n');

/** What check:records and the build report for TOPICS_WITH_EVERY_PROBLEM written at `path`. */
export function topicsProblems(path: string): string[] {
  return [
    'Invalid topics file (5 problems):',
    `  - ${path}:8: topics[0].records[2]: unknown record id "fait-00000000000000ff" (topic "passer-le-permis")`,
    `  - ${path}:9: topics[1].slug: "passer-le-permis" is used by an earlier topic; each topic needs its own slug`,
    `  - ${path}:13: topics[1].searches[0].kind: Invalid option: expected one of "fact"|"expertise"|"organization"|"offer"|"person"|"professional"|"article"|"lesson"|"page"|"tool", got "rule"`,
    `  - ${path}:14: topics[2].records: a topic needs at least one record or one search`,
    `  - ${path}:17: topics[2].titel: unknown field; check its spelling against docs/publishing.md`,
  ];
}

/**
 * A content folder (`records/`, `topics.yaml`, `synonyms.yaml` holding `synonyms`) with one valid record, one record
 * with the region "bxl" (line 6 of records/broken.md) and TOPICS_WITH_EVERY_PROBLEM; returns both folders.
 */
export async function writeInvalidContent(synonyms: string): Promise<{ content: string; records: string }> {
  const content = await mkdtemp(join(tmpdir(), 'permis-content-'));
  const records = join(content, 'records');
  await mkdir(records);
  await writeFile(join(records, 'good.md'), recordSource(factFrontmatter()));
  await writeFile(
    join(records, 'broken.md'),
    recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
  );
  await writeFile(join(content, 'topics.yaml'), TOPICS_WITH_EVERY_PROBLEM);
  await writeFile(join(content, 'synonyms.yaml'), synonyms);
  return { content, records };
}

/**
 * A maker of raw record files for buildCorpus: facts of all Belgium, without sources, numbered from 1 in the order
 * made (fait-0000000000000001…), one count per maker.
 */
export function numberedFacts(): (
  title: string,
  body: string,
) => {
  file: string;
  frontmatter: { id: string; kind: 'fact'; title: string; regions: string[]; sources: never[] };
  body: string;
} {
  let n = 0;
  return (title, body) => {
    n += 1;
    const id = `fait-${n.toString(16).padStart(16, '0')}`;
    return { file: `${id}.md`, frontmatter: { id, kind: 'fact', title, regions: ['belgique'], sources: [] }, body };
  };
}
