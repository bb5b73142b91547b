import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { RecordError } from '../../src/lib/records/friendly-errors.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

const SITE = 'https://permis.example';

/** Reads a one-or-more-file corpus and returns the problems' first lines without directory or line number (or [] when valid). */
async function problems(files: Record<string, string>): Promise<string[]> {
  const dir = await writeCorpus(files);
  try {
    await readRecords(dir, SITE);
    return [];
  } catch (error) {
    if (error instanceof RecordError)
      return error.problems.map((p) => p.split('\n')[0]!.replace(/^.*?([^/:]+\.\w+)(?::\d+)?: /, '$1: '));
    throw error;
  }
}

describe('record files', () => {
  it('publishes a valid record with its text and page url', async () => {
    const dir = await writeCorpus({ 'a.md': recordSource(factFrontmatter(), 'Texte **gras**.\n\nSecond paragraphe.') });
    const [fact] = await readRecords(dir, SITE);
    expect(fact).toMatchObject({
      id: 'fait-0000000000000001',
      text: 'Texte **gras**.\n\nSecond paragraphe.',
      url: 'https://permis.example/fiches/fait-0000000000000001/',
    });
  });

  it('names the file, the field and the bad value of a malformed record', async () => {
    expect(await problems({ 'bad.md': recordSource(factFrontmatter({ kind: 'facts' })) })).toEqual([
      'bad.md: kind: Invalid option: expected one of "fact"|"expertise"|"organization"|"offer"|"person"|"professional"|"article"|"lesson"|"page"|"tool", got "facts"',
    ]);
  });

  it('lists one line per problem, for every file', async () => {
    const lines = await problems({
      'a.md': recordSource(factFrontmatter({ title: '', regions: [] })),
      'b.md': recordSource(
        factFrontmatter({ id: 'fait-0000000000000002', sources: [{ url: 'ftp://x', label: 'x', type: 'official' }] }),
      ),
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^a\.md: title: /);
    expect(lines[1]).toMatch(/^a\.md: regions: /);
    expect(lines[2]).toBe('b.md: sources[0].url: must be an absolute http(s) URL, got "ftp://x"');
  });

  it('refuses an id prefix that does not fit the kind', async () => {
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ kind: 'lesson' })) })).toEqual([
      'a.md: id: id "fait-0000000000000001" does not fit kind "lesson": expected the prefix "page-"',
    ]);
    expect(
      await problems({ 'a.md': recordSource(factFrontmatter({ id: 'expertise-fait-0000000000000001' })) }),
    ).toEqual(['a.md: id: id "expertise-fait-0000000000000001" does not fit kind "fact": expected the prefix "fait-"']);
  });

  it('refuses an id that breaks the spec pattern', async () => {
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ id: 'fait-ABC' })) })).toContain(
      'a.md: id: must match ^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$, got "fait-ABC"',
    );
  });

  it('refuses a duplicate id and names both files', async () => {
    expect(
      await problems({ 'a.md': recordSource(factFrontmatter()), 'b.md': recordSource(factFrontmatter()) }),
    ).toEqual([
      expect.stringMatching(
        /^b\.md: id: duplicate id "fait-0000000000000001", already used by .*a\.md:2 \(the newer file is named\)$/,
      ),
    ]);
  });

  it('refuses an unknown related id, a self link and a repeated link', async () => {
    const lines = await problems({
      'a.md': recordSource(
        factFrontmatter({ related: ['fait-00000000000000ff', 'fait-0000000000000001', 'fait-00000000000000ff'] }),
      ),
    });
    // In one pass: the schema's problems and the unknown ids together.
    expect(lines).toEqual([
      'a.md: related[1]: a record cannot be related to itself',
      'a.md: related[2]: lists "fait-00000000000000ff" twice',
      'a.md: related[0]: unknown record id "fait-00000000000000ff"',
      'a.md: related[2]: unknown record id "fait-00000000000000ff"',
    ]);
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ related: ['fait-00000000000000ff'] })) })).toEqual([
      'a.md: related[0]: unknown record id "fait-00000000000000ff"',
    ]);
  });

  it('requires the data object of its kind and refuses the others', async () => {
    expect(
      await problems({ 'a.md': recordSource(factFrontmatter({ id: 'person-0000000000000001', kind: 'person' })) }),
    ).toEqual(['a.md: person_data: is required for kind "person"']);
    const offer = {
      provider: 'X',
      licence_categories: ['B'],
      price_eur: 10,
      price_unit: 'hour',
      regions: ['wallonie'],
      fictional: true,
    };
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ offer_data: offer })) })).toEqual([
      'a.md: offer_data: is not allowed for kind "fact"',
    ]);
  });

  it('refuses unknown frontmatter fields instead of dropping them', async () => {
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ titel: 'typo' })) })).toEqual([
      'a.md: titel: unknown field; check its spelling against docs/publishing.md',
    ]);
  });

  it('refuses a web address in a bibliography entry, and only there', async () => {
    const bibliography = [
      'Arrêté royal du 23 mars 1998 relatif au permis de conduire',
      'Voir https://example.org/livre',
      'Code de la route, www.code-de-la-route.be, 2024',
      'Guide pratique, éd. 2.0 (Bruxelles, 2023)',
    ];
    expect(await problems({ 'a.md': recordSource(factFrontmatter({ bibliography })) })).toEqual([
      'a.md: bibliography[1]: names a work, without a URL (the spec attaches none), got "Voir https://example.org/livre"',
      'a.md: bibliography[2]: names a work, without a URL (the spec attaches none), got "Code de la route, www.code-de-la-route.be, 2024"',
    ]);
  });

  it('checks dates and modified_at as ISO 8601', async () => {
    const lines = await problems({
      'a.md': recordSource(factFrontmatter({ verified_at: '2026-13-01', modified_at: '2026-05-01' })),
    });
    expect(lines).toEqual([
      'a.md: verified_at: must be a date YYYY-MM-DD, got "2026-13-01"',
      'a.md: modified_at: must be an ISO 8601 date-time with a timezone, e.g. 2026-05-10T09:00:00Z, got "2026-05-01"',
    ]);
  });

  it('resolves related ids and the pricing reference', async () => {
    const dir = await writeCorpus({
      'a.md': recordSource(
        factFrontmatter({ related: ['fait-0000000000000002'], pricing_reference: 'fait-0000000000000002' }),
      ),
      'b.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002', title: 'B', summary: 'Résumé de B.' })),
    });
    const [a] = await readRecords(dir, SITE);
    expect(a!.related).toEqual([
      {
        id: 'fait-0000000000000002',
        title: 'B',
        text: 'Résumé de B.',
        url: 'https://permis.example/fiches/fait-0000000000000002/',
      },
    ]);
    expect(a!.pricing_reference).toEqual({
      id: 'fait-0000000000000002',
      url: 'https://permis.example/fiches/fait-0000000000000002/',
    });
  });

  it('refuses a pricing reference or an offer provider that does not resolve', async () => {
    const offer = {
      provider: 'X',
      provider_id: 'brand-0000000000000009',
      licence_categories: ['B'],
      price_eur: 10,
      price_unit: 'hour',
      regions: ['wallonie'],
      fictional: true,
    };
    const lines = await problems({
      'a.md': recordSource(
        factFrontmatter({
          id: 'offer-0000000000000001',
          kind: 'offer',
          offer_data: offer,
          pricing_reference: 'offer-0000000000000009',
        }),
      ),
    });
    expect(lines).toEqual([
      'a.md: pricing_reference: unknown record id "offer-0000000000000009"',
      'a.md: offer_data.provider_id: "brand-0000000000000009" is not the id of an organization record',
    ]);
  });

  it('reports files it cannot parse: no frontmatter, bad YAML, empty body, other extensions', async () => {
    const lines = await problems({
      'a.md': 'Pas de frontmatter',
      'b.md': '---\ntitle: a: b\n---\nTexte',
      'c.md': recordSource(factFrontmatter(), '   '),
      'd.txt': 'x',
    });
    expect(lines).toEqual([
      'a.md: (frontmatter): the file must start with a YAML frontmatter block between two --- lines',
      expect.stringMatching(/^b\.md: \(frontmatter\): invalid YAML: /),
      'd.txt: (file): not a .md record file; remove it or rename it',
      // Checked with the frontmatter, after what could not be read, so that the file's other problems show with it.
      "c.md: text: the body (the record's text) is empty; write it below the closing ---",
    ]);
  });

  it("skips files and folders whose name starts with a dot (editors' swap files, .DS_Store) but still reports notes.txt", async () => {
    const dir = await writeCorpus({
      'a.md': recordSource(factFrontmatter()),
      '.a.md.swp': 'binary swap \u0000',
      '.#a.md': 'user@host.1234',
      '.DS_Store': 'x',
      '.gitkeep': '',
    });
    await mkdir(join(dir, '.trash'));
    await writeFile(join(dir, '.trash', 'old.md'), 'not even a record');
    expect((await readRecords(dir, SITE)).map((f) => f.id)).toEqual(['fait-0000000000000001']);
    await writeFile(join(dir, 'notes.txt'), 'x');
    const error = await readRecords(dir, SITE).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RecordError);
    expect((error as RecordError).problems).toEqual([
      `${join(dir, 'notes.txt')}: (file): not a .md record file; remove it or rename it`,
    ]);
  });

  it('reports a symbolic link, to a record or elsewhere, instead of skipping it in silence', async () => {
    const dir = await writeCorpus({ 'a.md': recordSource(factFrontmatter()) });
    const outside = await writeCorpus({
      'b.md': recordSource(factFrontmatter({ id: 'fait-0000000000000002' })),
    });
    await symlink(join(outside, 'b.md'), join(dir, 'b.md'));
    await symlink('/etc/hostname', join(dir, 'host.md'));
    await symlink(join(dir, 'a.md'), join(dir, '.hidden.md'));
    const error = await readRecords(dir, SITE).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as RecordError).problems).toEqual(
      ['b.md', 'host.md'].map(
        (name) =>
          `${join(dir, name)}: (file): a symbolic link; records must be regular files: put the file itself here`,
      ),
    );
  });

  it('reports a file that is not a record even with skipVanished, while it exists', async () => {
    const dir = await writeCorpus({ 'a.md': recordSource(factFrontmatter()), sedAbC123: 'x' });
    await expect(readRecords(dir, SITE, undefined, { skipVanished: true })).rejects.toThrow(
      'sedAbC123: (file): not a .md record file',
    );
  });

  it('reports a missing records directory', async () => {
    await expect(readRecords('/nonexistent/records', SITE)).rejects.toThrow(
      '/nonexistent/records: cannot read the records directory (ENOENT)',
    );
  });
});
