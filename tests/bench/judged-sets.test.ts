// The judged query sets of the relevance bench are well-formed: every judged id is a bundled record, categories are
// from the list, filtered queries' judged records satisfy their filters, categories are large enough, nothing repeats,
// and no query is in two sets. The checks themselves are shown to fail on bad entries.
import { readdir, readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import {
  CATEGORIES,
  HELD_OUT_RULES,
  JUDGED_SETS,
  MIN_PER_CATEGORY,
  heldOutProblems,
  judgmentProblems,
  overlapProblems,
  parseJudgments,
  type JudgedQuery,
  type JudgedRecord,
  type JudgedSetName,
} from '../../scripts/bench/relevance/judgments.ts';

let records: Map<string, JudgedRecord>;
let sets: { name: JudgedSetName; file: string; queries: JudgedQuery[] }[];
beforeAll(async () => {
  records = new Map(
    (await readRecords('content/records', 'https://permis.example')).map((f) => [
      f.id,
      { kind: f.kind, regions: f.regions },
    ]),
  );
  sets = await Promise.all(
    (Object.keys(JUDGED_SETS) as JudgedSetName[]).map(async (name) => {
      const { file } = JUDGED_SETS[name];
      return { name, file, queries: parseJudgments(file, await readFile(file, 'utf8')) };
    }),
  );
});

describe('the judged sets in bench/relevance/', () => {
  it('holds a tuning set and two held-out sets', () => {
    expect(sets.map((set) => `${set.name}: ${JUDGED_SETS[set.name].heldOut}`).sort()).toEqual([
      'held-out-2: true',
      'held-out: true',
      'tuning: false',
    ]);
  });

  it('no set has a problem', () => {
    for (const set of sets) expect(judgmentProblems(set.file, set.queries, records), set.name).toEqual([]);
  });

  it('each held-out set holds at least 60 queries and every category issue 35 names', () => {
    for (const set of sets.filter((s) => JUDGED_SETS[s.name].heldOut)) {
      expect(heldOutProblems(set.file, set.queries), set.name).toEqual([]);
      expect(set.queries.length, set.name).toBeGreaterThanOrEqual(HELD_OUT_RULES.minQueries);
    }
  });

  it('no query id, and no query with the same filters, is in two sets', () => {
    for (const [i, a] of sets.entries())
      for (const b of sets.slice(i + 1))
        expect(overlapProblems(a.queries, b.queries), `${a.name}, ${b.name}`).toEqual([]);
  });

  it('every category of every set is in the list and holds enough queries', () => {
    for (const { queries } of sets) {
      for (const category of new Set(queries.map((q) => q.category))) {
        expect(CATEGORIES).toContain(category);
        expect(queries.filter((q) => q.category === category).length).toBeGreaterThanOrEqual(MIN_PER_CATEGORY);
      }
    }
  });
});

describe('the checks fail on bad entries', () => {
  const RECORDS = new Map<string, JudgedRecord>([
    ['fait-0000000000000001', { kind: 'fact', regions: ['wallonie'] }],
    ['page-0000000000000002', { kind: 'lesson', regions: ['belgique'] }],
  ]);
  const query = (id: string, extra: Partial<JudgedQuery> = {}): JudgedQuery => ({
    id,
    category: 'keywords',
    q: `query ${id}`,
    need: 'a need',
    relevant: { 'fait-0000000000000001': 2 },
    ...extra,
  });
  const nine = (extra: (i: number) => Partial<JudgedQuery> = () => ({})) =>
    Array.from({ length: 9 }, (_, i) => query(`q${i}`, extra(i)));

  it('accepts a well-formed set (the baseline of the cases below)', () => {
    expect(judgmentProblems('set.yaml', nine(), RECORDS)).toEqual([]);
  });

  it('names an unknown record id', () => {
    const set = nine((i) => (i === 3 ? { relevant: { 'fait-0000000000000001': 2, 'fait-ffffffffffffffff': 1 } } : {}));
    expect(judgmentProblems('set.yaml', set, RECORDS)).toEqual([
      'set.yaml: q3: unknown record id "fait-ffffffffffffffff"',
    ]);
  });

  it('names a judged record that a region or kind filter excludes', () => {
    const set = nine((i) =>
      i === 0 ? { category: 'keywords', region: 'flandre' } : i === 1 ? { kind: 'lesson' } : {},
    );
    expect(judgmentProblems('set.yaml', set, RECORDS)).toEqual([
      'set.yaml: q0: fait-0000000000000001 does not declare flandre (region filter; it declares wallonie)',
      'set.yaml: q1: fait-0000000000000001 is a fact, not a lesson (kind filter)',
    ]);
  });

  it('names a duplicate id, a repeated query, a query without a grade 2, a typo without its correction and a filtered query without a filter', () => {
    const set = [
      ...nine(),
      query('q0'),
      query('again', { q: '  Query   q1 ' }),
      query('weak', { relevant: { 'fait-0000000000000001': 1 } }),
      ...Array.from({ length: 9 }, (_, i) =>
        query(`t${i}`, { category: 'typos', correction: 'x', ...(i === 0 ? { correction: undefined } : {}) }),
      ),
      ...Array.from({ length: 9 }, (_, i) =>
        query(`f${i}`, { category: 'filtered', region: 'wallonie', ...(i === 0 ? { region: undefined } : {}) }),
      ),
    ];
    expect(judgmentProblems('set.yaml', set, RECORDS)).toEqual([
      'set.yaml: duplicate query id "q0"',
      'set.yaml: q0: the same query and filters as q0',
      'set.yaml: again: the same query and filters as q1',
      'set.yaml: weak: no record graded 2',
      'set.yaml: t0: a typo query needs a correction',
      'set.yaml: f0: a filtered query needs a region or a kind',
    ]);
  });

  it('names a category with fewer than nine queries', () => {
    const set = [...nine(), query('lonely', { category: 'dutch' })];
    expect(judgmentProblems('set.yaml', set, RECORDS)).toEqual([
      'set.yaml: category dutch holds 1 query, fewer than 9',
    ]);
  });

  it('names a held-out set that is too small or lacks a category', () => {
    expect(heldOutProblems('held.yaml', nine())).toEqual([
      'held.yaml: 9 queries, fewer than 60',
      'held.yaml: no everyday query',
      'held.yaml: no questions query',
      'held.yaml: no typos query',
      'held.yaml: no cut-word query',
      'held.yaml: no absent-word query',
      'held.yaml: no filtered query',
    ]);
  });

  it('names a query that both sets hold', () => {
    expect(
      overlapProblems([query('a'), query('b')], [query('a', { q: 'other' }), query('c', { q: 'QUERY b' })]),
    ).toEqual(['query id "a" is in both sets', 'c repeats b (same query and filters) across the sets']);
  });

  it('rejects a category outside the list and names the entry', () => {
    const text = '- id: x\n  category: slang\n  q: keufs\n  need: a need\n  relevant: { fait-0000000000000001: 2 }\n';
    expect(() => parseJudgments('set.yaml', text)).toThrow(
      /^set\.yaml: entry 0\.category: Invalid option: expected one of "keywords"\|/,
    );
  });
});

describe('the held-out sets are reported as aggregates only', () => {
  it('no bench result file names a held-out query (its id or its text)', async () => {
    const files = (await readdir('bench/results')).filter((name) => /\.(md|json)$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    // A held-out text that a tuning query also types (with other filters) may appear as the tuning query's.
    const tuningTexts = new Set(
      sets.filter((s) => !JUDGED_SETS[s.name].heldOut).flatMap((s) => s.queries.map((q) => q.q)),
    );
    const heldOut = sets.filter((s) => JUDGED_SETS[s.name].heldOut).flatMap((s) => s.queries);
    const leaks: string[] = [];
    for (const name of files) {
      const text = await readFile(`bench/results/${name}`, 'utf8');
      for (const query of heldOut) {
        const typed = !tuningTexts.has(query.q) && text.includes(`"${query.q}"`);
        if (text.includes(query.id) || typed) leaks.push(`${name}: ${query.id}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
