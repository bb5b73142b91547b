/**
 * Import over hand-written files: a file whose data is the source's stays byte for byte; a changed record is edited in
 * place (only the changed lines), keeping the file's comments, order, quotes and flow lists.
 */
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../scripts/lib/run-import.ts';
import { updateRecordFile, type FreshRecord } from '../../scripts/lib/import/record-file-update.ts';
import { ORDER } from '../../scripts/lib/import/record-source.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';
import { testSettings } from '../support/test-build.ts';

/** Every file under `dir`: relative path → text. */
async function files(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  return new Map(
    await Promise.all(paths.map(async (path) => [relative(dir, path), await readFile(path, 'utf8')] as const)),
  );
}

/** The lines of `after` that differ from `before` at the same place, with their line numbers (same line count only). */
function changedLines(before: string, after: string): [number, string][] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return b.flatMap((line, i) => (line === a[i] ? [] : [[i + 1, line] as [number, string]]));
}

const FILE = 'corpus/bruxelles-acces-direct-30-heures.md';
const ID = 'fait-f36dfd2ac1c8b7df';

describe('import into a copy of the corpus it was built from', () => {
  let server: StartedServer;
  let out: string;
  beforeAll(async () => {
    server = await startServerProcess({});
    out = await mkdtemp(join(tmpdir(), 'permis-in-place-'));
    await cp(testSettings.CONTENT_DIR, out, { recursive: true });
    // A hand-written touch the source cannot know: a comment. The data stays the same.
    const path = join(out, FILE);
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('\nregions:', '\n# Vérifié avec Bruxelles Mobilité.\nregions:'),
    );
  }, 120_000);
  afterAll(async () => server?.stop());

  it('changes no file: every record is unchanged, every file byte for byte, the state file too on the next run', async () => {
    const before = await files(out);
    const summary = await runImport({ baseUrl: server.base, out });
    expect([summary.added, summary.changed, summary.removed, summary.failed, summary.invalid]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(summary.unchanged.length).toBeGreaterThan(400);
    // The one new file: what this import found, for the next one to tell edits made here.
    const after = await files(out);
    expect([...after.keys()].filter((name) => !before.has(name))).toEqual(['.import-state.json']);
    after.delete('.import-state.json');
    expect(after).toEqual(before);
    const withState = await files(out);
    const again = await runImport({ baseUrl: server.base, out });
    expect([again.changed, again.kept, again.invalid, again.exitCode]).toEqual([[], [], [], 0]);
    expect(await files(out)).toEqual(withState);
  }, 120_000);

  it('when one field changed at the source, rewrites only its line and keeps the comment', async () => {
    const before = await readFile(join(out, FILE), 'utf8');
    // The source changed the title of one record: every /facts page carrying it says so (read through the walk, which
    // this fetch rewrites; the download, checked against its SHA-256, cannot be altered this way).
    const changed = 'Accès direct à Bruxelles : 30 heures et un examen';
    const fetchChanged: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok || !String(input).includes('/facts')) return response;
      const body = (await response.json()) as { results?: { id: string; title: string }[] };
      for (const record of body.results ?? []) if (record.id === ID) record.title = changed;
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const summary = await runImport({ baseUrl: server.base, out, walk: true, paced: { fetch: fetchChanged } });
    expect(summary.changed).toEqual([ID]);
    const after = await readFile(join(out, FILE), 'utf8');
    const line = before.split('\n').findIndex((l) => l.startsWith('title: ')) + 1;
    expect(changedLines(before, after)).toEqual([[line, `title: "${changed}"`]]);
    expect(after).toContain('\n# Vérifié avec Bruxelles Mobilité.\nregions: [bruxelles]\n');
  }, 120_000);
});

describe('updating one record file', () => {
  const file = [
    '---',
    '# Fiche écrite à la main',
    'id: fait-0000000000000001',
    'kind: fact',
    "title: 'Le titre'",
    'regions: [wallonie, bruxelles] # les deux',
    'sources:',
    '  - url: https://a.example',
    '    label: Source A',
    '    type: official',
    'verified_at: 2026-10-01',
    '---',
    'Le texte.',
    '',
  ].join('\n');
  const fresh = (frontmatter: Record<string, unknown>, text = 'Le texte.'): FreshRecord => ({
    frontmatter: {
      id: 'fait-0000000000000001',
      kind: 'fact',
      title: 'Le titre',
      regions: ['wallonie', 'bruxelles'],
      sources: [{ url: 'https://a.example', label: 'Source A', type: 'official' }],
      verified_at: '2026-10-01',
      ...frontmatter,
    },
    text,
    publishedSummary: undefined,
    source: 'the whole new file',
    order: ORDER,
  });

  it('leaves the file when the data is the same, whatever its style', () => {
    expect(updateRecordFile(file, fresh({}))).toBeUndefined();
  });

  it('rewrites a changed value in its own quotes, and only its line', () => {
    expect(changedLines(file, updateRecordFile(file, fresh({ title: "L'autre titre" }))!)).toEqual([
      [5, "title: 'L''autre titre'"],
    ]);
    expect(changedLines(file, updateRecordFile(file, fresh({ verified_at: '2026-11-02' }))!)).toEqual([
      [11, 'verified_at: 2026-11-02'],
    ]);
    expect(changedLines(file, updateRecordFile(file, fresh({}, 'Un autre texte.'))!)).toEqual([
      [13, 'Un autre texte.'],
    ]);
  });

  it('keeps flow lists, comments and order when the shape changes, and places a new field where a new file would', () => {
    const updated = updateRecordFile(file, fresh({ regions: ['wallonie'], effective_from: '2026-09-01' }))!;
    expect(updated).toBe(
      file
        .replace('regions: [wallonie, bruxelles] # les deux', 'regions: [wallonie] # les deux')
        .replace('verified_at: 2026-10-01', 'verified_at: 2026-10-01\neffective_from: 2026-09-01'),
    );
  });

  it('keeps a summary the source did not publish', () => {
    const withSummary = file.replace('verified_at:', 'summary: Un résumé écrit à la main.\nverified_at:');
    expect(updateRecordFile(withSummary, fresh({}))).toBeUndefined();
  });
});
