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
