import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { RecordError } from '../../src/lib/records/friendly-errors.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

const SITE = 'https://permis.example';

/** Every problem of the corpus in `dir`, the directory stripped from file names. */
async function problemsIn(dir: string): Promise<string[]> {
  const error = await readRecords(dir, SITE).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RecordError)) throw new Error(`expected a RecordError, got ${String(error)}`);
  return error.problems.map((p) => p.replaceAll(`${dir}/`, ''));
}

describe('record errors name the line in the file and show it', () => {
  it('counts a YAML error from the top of the file, not of the frontmatter, and shows a code frame', async () => {
    const dir = await writeCorpus({
      'a.md': '---\nid: fait-0000000000000001\nkind: fact\ntitle: a: b\nregions: [belgique]\n---\nTexte.\n',
    });
    expect(await problemsIn(dir)).toEqual([
      [
        'a.md:4: (frontmatter): invalid YAML: Nested mappings are not allowed in compact mappings; the value of title contains ": ", so put it in quotes: title: "a: b"',
        '        2 | id: fait-0000000000000001',
        '        3 | kind: fact',
        '      > 4 | title: a: b',
        '          |        ^',
        '        5 | regions: [belgique]',
        '        6 | ---',
      ].join('\n'),
    ]);
  });

  it('hints at quotes when an unquoted value holds a colon (a French title), naming the field, and only then', async () => {
    const dir = await writeCorpus({
      'a.md':
        "---\nid: fait-0000000000000001\nkind: fact\ntitle: Permis de test : une fiche d'essai\nregions: [belgique]\n---\nTexte.\n",
      'b.md':
        '---\nid: fait-0000000000000002\nkind: fact\ntitle: T\nsources:\n  - url: https://a.example\n    label: Guide : "le permis"\n---\nTexte.\n',
      'c.md': '---\nid: fait-0000000000000003\ntitle: [\n---\nTexte.\n',
    });
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      `a.md:4: (frontmatter): invalid YAML: Nested mappings are not allowed in compact mappings; the value of title contains ": ", so put it in quotes: title: "Permis de test : une fiche d'essai"`,
      'b.md:7: (frontmatter): invalid YAML: Nested mappings are not allowed in compact mappings; the value of label contains ": ", so put it in quotes: label: "Guide : \\"le permis\\""',
      expect.not.stringContaining('quotes'),
    ]);
  });

  it('places a schema error on the line of the bad value, in a nested list too', async () => {
    const dir = await writeCorpus({
      'a.md': recordSource(
        factFrontmatter({
          sources: [
            { url: 'https://a.example', label: 'A', type: 'official' },
            { url: 'ftp://x', label: 'x', type: 'official' },
          ],
        }),
      ),
    });
    const [problem] = await problemsIn(dir);
    const line =
      recordSource(
        factFrontmatter({
          sources: [
            { url: 'https://a.example', label: 'A', type: 'official' },
            { url: 'ftp://x', label: 'x', type: 'official' },
          ],
        }),
      )
        .split('\n')
        .indexOf('  - url: ftp://x') + 1;
    expect(problem!.split('\n')[0]).toBe(
      `a.md:${line}: sources[1].url: must be an absolute http(s) URL, got "ftp://x"`,
    );
    expect(problem).toContain(`> ${line} |   - url: ftp://x`);
  });

  it('points an unknown field at its key', async () => {
    const dir = await writeCorpus({
      'a.md':
        '---\nid: fait-0000000000000001\nkind: fact\ntitel: x\ntitle: T\nregions: [belgique]\nsources: []\n---\nTexte.\n',
    });
    expect((await problemsIn(dir))[0]!.split('\n')[0]).toBe(
      'a.md:4: titel: unknown field; check its spelling against docs/publishing.md',
    );
  });

  it('reports YAML, schema and cross-record problems of several files in one pass', async () => {
    const dir = await writeCorpus({
      'a.md': '---\ntitle: [\n---\nTexte.\n',
      'b.md': recordSource(
        factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'], related: ['fait-00000000000000ff'] }),
      ),
      'c.md': recordSource(
        factFrontmatter({ id: 'fait-0000000000000003', pricing_reference: 'fait-00000000000000ee' }),
      ),
    });
    const heads = (await problemsIn(dir)).map((p) => p.split('\n')[0]);
    expect(heads).toEqual([
      expect.stringMatching(/^a\.md:\d+: \(frontmatter\): invalid YAML: /),
      expect.stringMatching(/^b\.md:\d+: regions\[0\]: Invalid option/),
      expect.stringMatching(/^b\.md:\d+: related\[0\]: unknown record id "fait-00000000000000ff"$/),
      expect.stringMatching(/^c\.md:\d+: pricing_reference: unknown record id "fait-00000000000000ee"$/),
    ]);
  });

  it('does not report links to a file whose YAML is broken as unknown ids', async () => {
    const dir = await writeCorpus({
      'a.md': '---\nid: fait-0000000000000001\ntitle: a: b\n---\nTexte.\n',
      'b.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', related: ['fait-0000000000000001'] })),
    });
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      'a.md:3: (frontmatter): invalid YAML: Nested mappings are not allowed in compact mappings; the value of title contains ": ", so put it in quotes: title: "a: b"',
    ]);
  });

  it('blames the newer of two files that share an id, whatever their names, and names both with their lines', async () => {
    const dir = await writeCorpus({
      'a-copy.md': recordSource(factFrontmatter()),
      'z-original.md': recordSource(factFrontmatter()),
    });
    await utimes(join(dir, 'z-original.md'), new Date('2026-01-01'), new Date('2026-01-01'));
    await utimes(join(dir, 'a-copy.md'), new Date('2026-06-01'), new Date('2026-06-01'));
    const [problem, ...others] = await problemsIn(dir);
    expect(others).toEqual([]);
    expect(problem!.split('\n')[0]).toBe(
      'a-copy.md:2: id: duplicate id "fait-0000000000000001", already used by z-original.md:2 (the newer file is named)',
    );
    expect(problem).toContain('> 2 | id: fait-0000000000000001');
  });
});

describe('reading records again with a cache (npm run dev)', () => {
  it('picks up an edited, an added and a removed file, and gives what a fresh read gives', async () => {
    const { writeFile: write, rm } = await import('node:fs/promises');
    const dir = await writeCorpus({
      'a.md': recordSource(factFrontmatter()),
      'b.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002' })),
    });
    const cache = new Map();
    await readRecords(dir, SITE, cache);
    await write(join(dir, 'a.md'), recordSource(factFrontmatter({ title: 'Titre modifié' })));
    await utimes(join(dir, 'a.md'), new Date('2030-01-01'), new Date('2030-01-01'));
    await rm(join(dir, 'b.md'));
    await write(join(dir, 'c.md'), recordSource(factFrontmatter({ id: 'fait-0000000000000003' })));
    const cached = await readRecords(dir, SITE, cache);
    expect(cached).toEqual(await readRecords(dir, SITE));
    expect(cached.map((f) => [f.id, f.title])).toEqual([
      ['fait-0000000000000001', 'Titre modifié'],
      ['fait-0000000000000003', 'Une règle de test'],
    ]);
    expect([...cache.keys()].map((p: string) => p.slice(dir.length + 1)).sort()).toEqual(['a.md', 'c.md']);
  });
});
