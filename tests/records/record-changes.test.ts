import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { RecordError } from '../../src/lib/records/friendly-errors.ts';
import { recordTemplate } from '../../src/lib/records/record-template.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

const SITE = 'https://permis.example';
const today = new Date().toISOString().slice(0, 10);
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first line of each problem, with the file name kept and its directory dropped (the line number kept). */
async function problems(source: string): Promise<string[]> {
  const dir = await writeCorpus({ 'a.md': source });
  try {
    await readRecords(dir, SITE);
    return [];
  } catch (error) {
    if (error instanceof RecordError) return error.problems.map((p) => p.split('\n')[0]!.replace(/^.*?(a\.md)/, '$1'));
    throw error;
  }
}

describe('change notes (changes)', () => {
  it('publishes the changes as written, oldest first', async () => {
    const changes = [
      { date: '2025-03-01', note: 'Première publication' },
      { date: '2025-09-14', note: 'Âge minimum du guide porté à 24 ans' },
    ];
    const dir = await writeCorpus({ 'a.md': recordSource(factFrontmatter({ changes })) });
    const [fact] = await readRecords(dir, SITE);
    expect(fact!.changes).toEqual(changes);
  });

  it('refuses changes out of order, two on one day and one in the future, naming file, line and field', async () => {
    const future = dayAfter(today, 1);
    const source = recordSource(
      factFrontmatter({
        changes: [
          { date: '2025-09-14', note: 'Deuxième' },
          { date: '2025-03-01', note: 'Première' },
          { date: '2025-03-01', note: 'Encore' },
          { date: future, note: 'Pas encore publiée' },
        ],
      }),
    );
    expect(await problems(source)).toEqual([
      'a.md:14: changes[1].date: 2025-03-01 comes before the previous change (2025-09-14): list changes oldest first',
      'a.md:16: changes[2].date: a second change on 2025-03-01: at most one a day; merge the two notes',
      `a.md:18: changes[3].date: ${future} is in the future (today is ${today}): record a change once it is published`,
    ]);
  });

  it('accepts a change dated today', async () => {
    expect(
      await problems(recordSource(factFrontmatter({ changes: [{ date: today, note: 'Mise à jour du jour' }] }))),
    ).toEqual([]);
  });

  it('refuses a note of two lines, an empty or too long note, a bad date and an unknown field', async () => {
    const long = 'x'.repeat(201);
    const source = recordSource(
      factFrontmatter({
        changes: [
          { date: '2025-01-01', note: 'Ligne un\nligne deux' },
          { date: '2025-01-02', note: '  ' },
          { date: '2025-01-03', note: long },
          { date: '2025-02-30', note: 'Date impossible' },
          { date: '2025-03-01', note: 'Champ en trop', author: 'x' },
        ],
      }),
    );
    expect(await problems(source)).toEqual([
      'a.md:13: changes[0].note: must be one line (no line break), got "Ligne un\\nligne deux"',
      'a.md:17: changes[1].note: must not be empty, got ""',
      `a.md:19: changes[2].note: must be at most 200 characters, got "${long}"`,
      'a.md:20: changes[3].date: must be a date YYYY-MM-DD, got "2025-02-30"',
      'a.md:24: changes[4].author: unknown field; check its spelling against docs/publishing.md',
    ]);
  });

  it('is offered, commented, by the record template, whose placeholders validation refuses until replaced', async () => {
    const template = recordTemplate('fact', 'fait-00000000000000aa');
    expect(template).toContain('# changes:\n#   - date: 1900-01-01\n#     note: "TODO: ce qui a changé, en une ligne"');
    const uncommented = template.replace(/^# (changes:| {2}- date:| {4}note:)/gm, '$1');
    const refused = (await problems(uncommented)).filter((problem) => problem.includes('changes'));
    expect(refused).toEqual([
      expect.stringMatching(/^a\.md:\d+: changes\[0\]\.date: replace the template's example date, got "1900-01-01"$/),
      expect.stringMatching(
        /^a\.md:\d+: changes\[0\]\.note: replace the template's TODO placeholder, got "TODO: ce qui a changé, en une ligne"$/,
      ),
    ]);
  });
});
