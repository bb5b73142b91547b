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

  it('reports every problem of a file with an empty body and a prefix that does not fit its kind in one pass', async () => {
    const dir = await writeCorpus({
      'a.md': [
        '---',
        'id: brand-0000000000000001',
        'kind: fact',
        'title: ""',
        'regions: []',
        'colour: red',
        'sources:',
        '  - url: notaurl',
        '    label: X',
        '    type: govt',
        'evidence_kind: guess',
        'related: [fait-00000000000000ff]',
        '---',
        '',
      ].join('\n'),
    });
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      'a.md:4: title: Too small: expected string to have >=1 characters, got ""',
      'a.md:5: regions: Too small: expected array to have >=1 items',
      'a.md:8: sources[0].url: must be an absolute http(s) URL, got "notaurl"',
      'a.md:10: sources[0].type: Invalid option: expected one of "official"|"operator"|"brand"|"source", got "govt"',
      'a.md:11: evidence_kind: Invalid option: expected one of "official-text"|"official-guidance"|"analysis"|"method"|"declaration"|"observation", got "guess"',
      'a.md:6: colour: unknown field; check its spelling against docs/publishing.md',
      'a.md:2: id: id "brand-0000000000000001" does not fit kind "fact": expected the prefix "fait-"',
      "a.md:13: text: the body (the record's text) is empty; write it below the closing ---",
      'a.md:12: related[0]: unknown record id "fait-00000000000000ff"',
    ]);
  });

  it("lists a file's YAML errors by line as a number (4, 5, 7, 12), each line's fault once", async () => {
    const dir = await writeCorpus({
      'a.md': [
        '---',
        'id: fait-0000000000000001',
        'kind: fact',
        'title: a: b',
        'summary: a: b: c',
        'regions: [belgique',
        'x: 1',
        'y: 2',
        'z: 3',
        'w: 4',
        'v: 5',
        't: "a',
        '---',
        'Texte.',
        '',
      ].join('\n'),
    });
    const firstLines = (await problemsIn(dir)).map(
      (p) =>
        p.split('\n')[0]!.split(': invalid YAML: ')[0]! +
        ': ' +
        p.split('\n')[0]!.split(': invalid YAML: ')[1]!.split(';')[0],
    );
    expect(firstLines).toEqual([
      'a.md:4: (frontmatter): Nested mappings are not allowed in compact mappings',
      'a.md:5: (frontmatter): Nested mappings are not allowed in compact mappings',
      'a.md:7: (frontmatter): Flow sequence in block collection must be sufficiently indented and end with a ]',
      'a.md:12: (frontmatter): Missing closing "quote',
    ]);
  });

  it('refuses a link of the text to a record page that no record has, and an image from another site, at their lines', async () => {
    const body = [
      'Voir [la règle](/fiches/fait-0000000000000002/) et [une autre](/fiches/fait-00000000000000ff/).',
      '',
      'Aussi [ici][ref], `[pas un lien](/fiches/rien/)` et [le site](https://permis.example/fiches/fait-0000000000000002).',
      '',
      '![schéma](/favicon.svg) ![photo](https://images.example/x.png) [ailleurs](https://example.org/fiches/x/)',
      '',
      '[ref]: https://permis.example/fiches/inconnue/',
    ].join('\n');
    const dir = await writeCorpus({
      'a.md': recordSource(factFrontmatter(), body),
      'b.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002' })),
    });
    const first = recordSource(factFrontmatter(), '').split('\n').length - 1;
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      `a.md:${first}: text: links to a record page that no record has, "/fiches/fait-00000000000000ff/"`,
      `a.md:${first + 4}: text: shows an image from another site, which the pages' security policy blocks (img-src 'self'), "https://images.example/x.png"; link to it instead`,
      `a.md:${first + 6}: text: links to a record page that no record has, "https://permis.example/fiches/inconnue/"`,
    ]);
  });

  it('names the closing --- line of an empty body, whether a newline, blank lines or the end of the file follow it', async () => {
    const front = (n: number) =>
      recordSource(factFrontmatter({ id: `fait-000000000000000${n}` }), '').replace(/---\n\n$/, '---');
    const closing = front(1).split('\n').length;
    const dir = await writeCorpus({ 'a.md': front(1), 'b.md': `${front(2)}\n`, 'c.md': `${front(3)}\n\n  \n` });
    const problems = await problemsIn(dir);
    expect(problems.map((p) => p.split('\n')[0])).toEqual(
      ['a', 'b', 'c'].map(
        (f) => `${f}.md:${closing}: text: the body (the record's text) is empty; write it below the closing ---`,
      ),
    );
    // The code frame points at that line, which holds the fence.
    for (const problem of problems) expect(problem).toContain(`> ${closing} | ---`);
  });

  it("reports the checks across a record's fields beside its other problems", async () => {
    const dir = await writeCorpus({
      'a.md': [
        '---',
        'id: fait-0000000000000001',
        'kind: organization',
        'title: T',
        'regions: [belgique, bxl, belgique]',
        'sources: []',
        'related: [fait-0000000000000001, page-0000000000000002, page-0000000000000002]',
        'changes:',
        '  - { date: 2026-03-02, note: Deux }',
        '  - { date: 2026-03-01, note: Un }',
        '  - { date: 2026-13-45, note: "" }',
        'offer_data: { provider: P }',
        '---',
        'Texte.',
        '',
      ].join('\n'),
      'b.md': recordSource(factFrontmatter({ id: 'page-0000000000000002', kind: 'page' })),
    });
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      'a.md:5: regions[1]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"',
      'a.md:11: changes[2].date: must be a date YYYY-MM-DD, got "2026-13-45"',
      'a.md:11: changes[2].note: must not be empty, got ""',
      'a.md:12: offer_data.licence_categories: Invalid input: expected array, received undefined',
      'a.md:12: offer_data.price_eur: Invalid input: expected number, received undefined',
      'a.md:12: offer_data.price_unit: Invalid option: expected one of "package"|"hour"|"lesson"|"exam"|"document"',
      'a.md:12: offer_data.regions: Invalid input: expected array, received undefined',
      'a.md:12: offer_data.fictional: Invalid input: expected boolean, received undefined',
      'a.md:2: id: id "fait-0000000000000001" does not fit kind "organization": expected the prefix "brand-"',
      'a.md:2: organization_data: is required for kind "organization"',
      'a.md:12: offer_data: is not allowed for kind "organization"',
      'a.md:7: related[0]: a record cannot be related to itself',
      'a.md:7: related[2]: lists "page-0000000000000002" twice',
      'a.md:10: changes[1].date: 2026-03-01 comes before the previous change (2026-03-02): list changes oldest first',
      'a.md:5: regions: lists a region twice',
    ]);
  });

  it('reports a malformed id once, and its prefix when it names another kind', async () => {
    const dir = await writeCorpus({
      'a.md': recordSource(factFrontmatter({ related: ['fait-xyz'], pricing_reference: 'offer-1' })),
      'b.md': recordSource(factFrontmatter({ id: 'brand-xyz' })),
      'c.md': recordSource(factFrontmatter({ id: 'fiche-1' })),
    });
    const pattern = 'must match ^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$';
    expect((await problemsIn(dir)).map((p) => p.split('\n')[0])).toEqual([
      `a.md:12: related[0]: ${pattern}, got "fait-xyz"`,
      `a.md:13: pricing_reference: ${pattern}, got "offer-1"`,
      `b.md:2: id: ${pattern}, got "brand-xyz"`,
      'b.md:2: id: id "brand-xyz" does not fit kind "fact": expected the prefix "fait-"',
      `c.md:2: id: ${pattern}, got "fiche-1"`,
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
