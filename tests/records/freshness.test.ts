/** The freshness report of npm run check:records: each kind of item at its file:line, the summary, the publisher's fail setting. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freshnessReport, monthsBefore } from '../../src/lib/records/freshness.ts';
import { parseRecordFile } from '../../src/lib/records/parse-record-file.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

const run = promisify(execFile);
const today = new Date().toISOString().slice(0, 10);
const shift = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Runs check:records on `dir` with `env`; returns exit code, stdout and stderr. */
async function checkRecords(dir: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/check-records.ts'], {
      env: { ...process.env, CONTENT_DIR: dir, TOPICS_FILE: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** A corpus with one record of each freshness item, and one fresh record. */
function corpus() {
  const official = [{ url: 'https://mobilit.belgium.be/fr', label: 'SPF Mobilité', type: 'official' }];
  return writeCorpus({
    'a-never.md': recordSource(factFrontmatter({ id: 'fait-0000000000000001' })),
    'b-old.md': recordSource(
      factFrontmatter({ id: 'fait-0000000000000002', regions: ['wallonie'], verified_at: '2020-01-15' }),
    ),
    'c-soon.md': recordSource(
      factFrontmatter({ id: 'fait-0000000000000003', verified_at: today, effective_from: shift(30) }),
    ),
    'd-unofficial.md': recordSource(
      factFrontmatter({
        id: 'fait-0000000000000004',
        regions: ['flandre'],
        verified_at: today,
        sources: [{ url: 'https://www.vias.be', label: 'Vias', type: 'source' }],
      }),
    ),
    'e-dates.md': recordSource(
      factFrontmatter({
        id: 'page-0000000000000005',
        kind: 'article',
        sources: official,
        verified_at: shift(-1),
        modified_at: `${shift(-3)}T09:00:00Z`,
        changes: [{ date: shift(-2), note: 'Une note' }],
      }),
    ),
    'f-fresh.md': recordSource(
      factFrontmatter({ id: 'fait-0000000000000006', verified_at: shift(-10), modified_at: `${shift(-10)}T09:00:00Z` }),
    ),
  });
}

describe('freshness report', () => {
  it('lists each kind of item at its file:line, with a summary by kind and region; by default the check passes', async () => {
    const { code, stdout } = await checkRecords(await corpus());
    expect(code).toBe(0);
    const lines = stdout.split('\n').map((l) => l.replace(/\S*\/(\w-\w+\.md)/, '$1'));
    const cutoff = monthsBefore(today, 12);
    expect(lines[1]).toMatch(/^no topics \(.*topics\.yaml absent\)$/);
    expect(lines[2]).toMatch(/^\d+ synonym rules in .*synonyms\.yaml: all valid$/);
    expect(lines.slice(3)).toEqual([
      'Freshness: 1 never verified, 1 verified more than 12 months ago, 1 effective_from in the future, 1 fact without an official source, 2 contradicting dates',
      '  by kind: fact 4, article 2',
      '  by region: wallonie 1, flandre 1, belgique 4',
      '  never verified (1):',
      '    - a-never.md:2: id: no verified_at: the record was never verified',
      '  verified more than 12 months ago (1):',
      `    - b-old.md:11: verified_at: verified 2020-01-15, before ${cutoff} (12 months ago)`,
      '  effective_from in the future (1):',
      `    - c-soon.md:12: effective_from: takes effect ${shift(30)}, after today (${today})`,
      '  fact without an official source (1):',
      '    - d-unofficial.md:7: sources: a fact with no source of type official',
      '  contradicting dates (2):',
      `    - e-dates.md:11: verified_at: verified ${shift(-1)}, after modified_at ${shift(-3)}: publishing a verification modifies the record`,
      `    - e-dates.md:14: changes[0].date: last change ${shift(-2)}, after modified_at ${shift(-3)}`,
      '',
    ]);
  });

  it('fails when FRESHNESS_FAIL_ON names a kind of item found, and only then; FRESHNESS_MONTHS moves the cutoff', async () => {
    const dir = await corpus();
    const failing = await checkRecords(dir, { FRESHNESS_FAIL_ON: 'effective-soon,dates-contradict' });
    expect([failing.code, failing.stderr]).toEqual([
      1,
      '3 freshness items fail the check (FRESHNESS_FAIL_ON=effective-soon,dates-contradict)\n',
    ]);
    expect((await checkRecords(dir, { FRESHNESS_FAIL_ON: 'all' })).code).toBe(1);
    const months = await checkRecords(dir, { FRESHNESS_MONTHS: '120', FRESHNESS_FAIL_ON: 'verified-long-ago' });
    expect(months.code).toBe(0);
    expect(months.stdout).toContain('0 verified more than 120 months ago');
    const bad = await checkRecords(dir, { FRESHNESS_FAIL_ON: 'old' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'FRESHNESS_FAIL_ON="old": Invalid option: expected one of "none"|"all"|"never-verified"|',
    );
  });

  it('passes on the bundled corpus with the default settings', async () => {
    const { code, stdout } = await checkRecords('content/records', { TOPICS_FILE: 'content/topics.yaml' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Freshness: \d+ never verified/m);
  });

  it('never calls a fictional example unverified', () => {
    const source = recordSource({
      id: 'person-0000000000000001',
      kind: 'person',
      title: 'X',
      regions: ['belgique'],
      sources: [],
      person_data: { name: 'X', role: 'Y', fictional: true },
    });
    const parsed = parseRecordFile('p.md', source);
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    expect(freshnessReport([parsed.value], { months: 12, today })).toEqual([]);
  });

  it('counts months back on the calendar, clamping the day', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-11-27', 12)).toBe('2025-11-27');
    expect(monthsBefore('2026-01-15', 13)).toBe('2024-12-15');
  });
});
