/**
 * npm run import over a folder the publisher works in: --prune deletes only what an import of that source wrote, a
 * file edited here is kept unless --overwrite, a file that cannot be read is left alone without a second file for its
 * id, and what the build would refuse is reported with exit 1.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSummary, runImport, type ImportOptions } from '../../scripts/lib/run-import.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { fakeFact, startFakeDeployment, type FakeDeployment } from '../support/fake-deployment.ts';

const fakes: FakeDeployment[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** A fake source serving `records` (the same array: tests change it between runs). */
async function source(records: Record<string, unknown>[]): Promise<FakeDeployment> {
  const fake = await startFakeDeployment(records);
  fakes.push(fake);
  return fake;
}
const newFolder = () => mkdtemp(join(tmpdir(), 'permis-publisher-'));
const run = (fake: FakeDeployment, out: string, extra: Partial<ImportOptions> = {}) =>
  runImport({ baseUrl: fake.origin, out, paced: { perMinute: 100_000 }, ...extra });

/** A valid record file the publisher wrote, with an id no source has. */
const HAND_ID = 'fait-00000000000000ff';
const HAND_WRITTEN = [
  '---',
  `id: ${HAND_ID}`,
  'kind: fact',
  'title: Écrit à la main',
  'regions: [wallonie]',
  'sources: []',
  '---',
  'Une fiche qui ne vient d’aucune source.',
  '',
].join('\n');

describe('--prune', () => {
  it("deletes only records an import of that source wrote and left as written, never the publisher's own", async () => {
    const records = [fakeFact(1), fakeFact(2), fakeFact(3)];
    const fake = await source(records);
    const out = await newFolder();
    await run(fake, out);
    await writeFile(join(out, 'mon-texte.md'), HAND_WRITTEN);
    records.splice(2, 1);
    const pruned = await run(fake, out, { prune: true });
    expect([pruned.removed, pruned.localOnly, pruned.exitCode]).toEqual([['fait-0000000000000003'], [HAND_ID], 0]);
    expect(formatSummary(pruned, { out, prune: true }).split('\n')).toEqual([
      'gone from the source (deleted): fait-0000000000000003',
      `kept, not from this source: 1 record that no import of ${fake.origin}/api/v1 wrote (--prune deletes only those it wrote)`,
      `added 0, changed 0, unchanged 2, removed 1, kept 1 not from this source, failed 0 (${pruned.requests} requests) → ${out}`,
    ]);
    expect(await readdir(out)).toEqual([
      '.import-state.json',
      'fact-fiche-numero-1.md',
      'fact-fiche-numero-2.md',
      'mon-texte.md',
    ]);
    expect(await readFile(join(out, 'mon-texte.md'), 'utf8')).toBe(HAND_WRITTEN);
  });

  it("against another site, deletes none of the records the first site's import wrote", async () => {
    const first = await source([fakeFact(1), fakeFact(2)]);
    const other = await source([fakeFact(3)]);
    const out = await newFolder();
    await run(first, out);
    const pruned = await run(other, out, { prune: true });
    expect([pruned.added, pruned.removed, pruned.localOnly]).toEqual([
      ['fait-0000000000000003'],
      [],
      ['fait-0000000000000001', 'fait-0000000000000002'],
    ]);
    expect(await readdir(out)).toEqual([
      '.import-state.json',
      'fact-fiche-numero-1.md',
      'fact-fiche-numero-2.md',
      'fact-fiche-numero-3.md',
    ]);
    // Each source's records are its own: the first one's prune, once it dropped record 2, deletes that one only.
    const state = JSON.parse(await readFile(join(out, '.import-state.json'), 'utf8'));
    expect(Object.keys(state.sources)).toEqual([`${first.origin}/api/v1`, `${other.origin}/api/v1`].sort());
    expect(state.sources[`${first.origin}/api/v1`]['fait-0000000000000001']).toEqual({
      file: 'fact-fiche-numero-1.md',
      data: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      source: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
  });

  it('keeps a record gone from the source when it was edited here, unless --overwrite', async () => {
    const records = [fakeFact(1), fakeFact(2)];
    const fake = await source(records);
    const out = await newFolder();
    await run(fake, out);
    const path = join(out, 'fact-fiche-numero-2.md');
    await writeFile(path, `${await readFile(path, 'utf8')}\nUn paragraphe ajouté ici.\n`);
    records.splice(1, 1);
    const kept = await run(fake, out, { prune: true });
    expect([kept.removed, kept.kept]).toEqual([[], [{ id: 'fait-0000000000000002', file: path, why: 'gone' }]]);
    expect(formatSummary(kept, { out, prune: true }).split('\n')[0]).toBe(
      `kept as edited here: fait-0000000000000002 (${path}): edited here since the last import, and gone from the source; --prune deletes it only with --overwrite`,
    );
    expect(await readdir(out)).toContain('fact-fiche-numero-2.md');
    const overwritten = await run(fake, out, { prune: true, overwrite: true });
    expect(overwritten.removed).toEqual(['fait-0000000000000002']);
    expect(await readdir(out)).toEqual(['.import-state.json', 'fact-fiche-numero-1.md']);
  });
});

describe('a record file edited here since the last import', () => {
  it('is kept when the source did not change it, and kept and reported when it did, unless --overwrite', async () => {
    const records = [fakeFact(1), fakeFact(2)];
    const fake = await source(records);
    const out = await newFolder();
    await run(fake, out);
    const [one, two] = [join(out, 'fact-fiche-numero-1.md'), join(out, 'fact-fiche-numero-2.md')];
    // Record 1: data edited here (a date added, a paragraph added). Record 2: a comment only, which is not data.
    const edited = (await readFile(one, 'utf8'))
      .replace('sources: []\n', 'sources: []\nverified_at: 2026-05-01\n')
      .replace(/\n$/, '\n\nUn paragraphe ajouté ici.\n');
    await writeFile(one, edited);
    const commented = (await readFile(two, 'utf8')).replace('kind: fact\n', 'kind: fact\n# relu le 2 mai\n');
    await writeFile(two, commented);

    const same = await run(fake, out);
    expect([same.changed, same.unchanged, same.kept, same.exitCode]).toEqual([
      [],
      ['fait-0000000000000002'],
      [{ id: 'fait-0000000000000001', file: one, why: 'source unchanged' }],
      0,
    ]);
    expect(formatSummary(same, { out }).split('\n')).toEqual([
      `added 0, changed 0, unchanged 1, kept 0 gone from the source, kept 1 edited here, failed 0 (${same.requests} requests) → ${out}`,
    ]);
    expect(await readFile(one, 'utf8')).toBe(edited);

    records[0] = fakeFact(1, { title: 'Titre changé à la source' });
    records[1] = fakeFact(2, { title: 'Autre titre changé à la source' });
    const conflict = await run(fake, out);
    expect([conflict.changed, conflict.kept, conflict.exitCode]).toEqual([
      ['fait-0000000000000002'],
      [{ id: 'fait-0000000000000001', file: one, why: 'source changed' }],
      0,
    ]);
    expect(formatSummary(conflict, { out }).split('\n')[0]).toBe(
      `kept as edited here: fait-0000000000000001 (${one}): edited here since the last import, and changed at the source; --overwrite takes the source's`,
    );
    expect(await readFile(one, 'utf8')).toBe(edited);
    // The comment-only edit is not an edit: the source's change is written, the comment kept.
    expect(await readFile(two, 'utf8')).toBe(
      commented.replace('title: Fiche numéro 2', 'title: Autre titre changé à la source'),
    );
    // Still an edit made here on the next run: the state keeps the hashes of the import that wrote the file.
    expect((await run(fake, out)).kept).toEqual([{ id: 'fait-0000000000000001', file: one, why: 'source changed' }]);

    const overwritten = await run(fake, out, { overwrite: true });
    expect([overwritten.changed, overwritten.kept]).toEqual([['fait-0000000000000001'], []]);
    expect(await readFile(one, 'utf8')).not.toContain('Un paragraphe ajouté ici.');
    expect(await readFile(one, 'utf8')).toContain('title: Titre changé à la source');
    expect((await run(fake, out)).unchanged).toEqual(['fait-0000000000000001', 'fait-0000000000000002']);
  });

  it('is kept and reported when no import of this source wrote it and its data differs', async () => {
    const fake = await source([fakeFact(1)]);
    const out = await newFolder();
    const mine = HAND_WRITTEN.replace(HAND_ID, 'fait-0000000000000001');
    await writeFile(join(out, 'ma-fiche.md'), mine);
    const summary = await run(fake, out);
    expect([summary.added, summary.kept]).toEqual([
      [],
      [{ id: 'fait-0000000000000001', file: join(out, 'ma-fiche.md'), why: 'not imported' }],
    ]);
    expect(formatSummary(summary, { out }).split('\n')[0]).toBe(
      `kept as edited here: fait-0000000000000001 (${join(out, 'ma-fiche.md')}): not written by an import of this source, and its data differs from the source's; --overwrite takes the source's`,
    );
    expect(await readFile(join(out, 'ma-fiche.md'), 'utf8')).toBe(mine);
  });
});

describe('a record file deleted here after an import wrote it', () => {
  it('stays deleted, counted, named once the source changes it, and written again only with --overwrite', async () => {
    const records = [fakeFact(1), fakeFact(2)];
    const fake = await source(records);
    const out = await newFolder();
    await run(fake, out);
    await rm(join(out, 'fact-fiche-numero-2.md'));
    const again = await run(fake, out);
    expect([again.added, again.kept, again.exitCode]).toEqual([
      [],
      [{ id: 'fait-0000000000000002', file: join(out, 'fact-fiche-numero-2.md'), why: 'deleted' }],
      0,
    ]);
    expect(formatSummary(again, { out }).split('\n')).toEqual([
      `added 0, changed 0, unchanged 1, kept 0 gone from the source, kept 1 edited here, failed 0 (${again.requests} requests) → ${out}`,
    ]);
    records[1] = fakeFact(2, { title: 'Fiche numéro 2, revue' });
    const changed = await run(fake, out);
    expect(formatSummary(changed, { out }).split('\n')[0]).toBe(
      `kept as edited here: fait-0000000000000002 (${join(out, 'fact-fiche-numero-2.md')}): deleted here after an import wrote it, and changed at the source since; --overwrite writes it again`,
    );
    expect(await readdir(out)).toEqual(['.import-state.json', 'fact-fiche-numero-1.md']);
    const overwritten = await run(fake, out, { overwrite: true });
    expect(overwritten.added).toEqual(['fait-0000000000000002']);
    expect(await readdir(out)).toEqual([
      '.import-state.json',
      'fact-fiche-numero-1.md',
      'fact-fiche-numero-2-revue.md',
    ]);
  });
});

describe('a record file that cannot be read', () => {
  it('is matched by the id its id: line declares, left as it is and reported, with no second file for that id', async () => {
    const records = [fakeFact(1), fakeFact(2)];
    const fake = await source(records);
    const out = await newFolder();
    await run(fake, out);
    const path = join(out, 'fact-fiche-numero-1.md');
    const broken = (await readFile(path, 'utf8')).replace('title: Fiche numéro 1', 'title: Cassé : oui: non');
    await writeFile(path, broken);
    records[0] = fakeFact(1, { title: 'Changé à la source' });
    const summary = await run(fake, out);
    expect([summary.added, summary.changed, summary.exitCode]).toEqual([[], [], 1]);
    expect(summary.unreadable).toEqual([
      {
        id: 'fait-0000000000000001',
        file: path,
        problem: `${path}:4: (frontmatter): invalid YAML: Nested mappings are not allowed in compact mappings; the value of title contains ": ", so put it in quotes: title: "Cassé : oui: non"`,
      },
    ]);
    // Named once, by the import, not a second time by the check of the folder.
    expect(summary.invalid).toEqual([]);
    expect(formatSummary(summary, { out }).split('\n')[0]).toBe(
      `not imported, its file cannot be read (left as it is; fix it and re-run): fait-0000000000000001 in ${path}: ${summary.unreadable[0]!.problem}`,
    );
    expect(await readdir(out)).toEqual(['.import-state.json', 'fact-fiche-numero-1.md', 'fact-fiche-numero-2.md']);
    expect(await readFile(path, 'utf8')).toBe(broken);
    // Fixed by the publisher, the file is an edit made here: the folder is valid, with one file per id.
    await writeFile(path, broken.replace('title: Cassé : oui: non', 'title: "Cassé : oui: non"'));
    const fixed = await run(fake, out);
    expect([fixed.added, fixed.unreadable, fixed.invalid, fixed.exitCode]).toEqual([[], [], [], 0]);
    expect((await readRecords(out, 'https://x.example')).map((f) => f.id)).toEqual([
      'fait-0000000000000001',
      'fait-0000000000000002',
    ]);
  });
});

describe('records the build would refuse', () => {
  it('are written, then reported by file, line and field as the build reports them, with exit 1', async () => {
    const fake = await source([
      fakeFact(1, { title: 'TODO: titre' }),
      fakeFact(2, {
        related: [{ id: 'fait-00000000000000aa', title: 'Absent', text: 'Absent.', url: 'https://source.example/a/' }],
      }),
      fakeFact(3, { pricing_reference: { id: 'offer-00000000000000bb', url: 'https://source.example/o/' } }),
    ]);
    const out = await newFolder();
    const summary = await run(fake, out);
    expect([summary.added.length, summary.failed, summary.exitCode]).toEqual([3, [], 1]);
    // In the build's order: each file's own problems, then the links between files.
    expect(summary.invalid).toEqual([
      `${join(out, 'fact-todo-titre.md')}:4: title: replace the template's TODO placeholder, got "TODO: titre"`,
      `${join(out, 'fact-fiche-numero-2.md')}:9: related[0]: unknown record id "fait-00000000000000aa"`,
      `${join(out, 'fact-fiche-numero-3.md')}:8: pricing_reference: unknown record id "offer-00000000000000bb"`,
    ]);
    expect(formatSummary(summary, { out }).split('\n')).toEqual([
      ...summary.invalid.map((line) => `invalid: ${line}`),
      `added 3, changed 0, unchanged 0, kept 0 gone from the source, failed 0, 3 problems the build refuses (${summary.requests} requests) → ${out}`,
    ]);
  });
});
