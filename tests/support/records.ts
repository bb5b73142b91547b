/** Helpers to write small record corpora in temporary directories. */
import { mkdtemp, writeFile } from 'node:fs/promises';
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
