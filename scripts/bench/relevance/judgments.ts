/** The judged query sets (bench/relevance/*.yaml), validated: a bad entry stops the benchmark with its id. */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import { KINDS, REGIONS, type Kind, type Region } from '../../../src/lib/schema/vocabulary.ts';

/** Query categories, in report order. */
export const CATEGORIES = [
  'keywords',
  'no-accents',
  'forms',
  'questions',
  'dutch',
  'typos',
  'filtered',
  'synonyms',
  'everyday',
  'cut-word',
  'absent-word',
] as const;

/** The judged sets, by name, in report order: the held-out set's figures are the ones that count (bench/relevance/README.md). */
export const JUDGED_SETS = {
  'held-out': {
    file: 'bench/relevance/held-out.yaml',
    title: 'Held-out set, the figures that count (never tuned on)',
    heldOut: true,
  },
  'held-out-2': {
    file: 'bench/relevance/held-out-2.yaml',
    title: 'Second held-out set, written on 2026-11-29 (never tuned on, never read query by query)',
    heldOut: true,
  },
  tuning: { file: 'bench/relevance/queries.yaml', title: 'Tuning set', heldOut: false },
} as const;
/** A judged set's name. */
export type JudgedSetName = keyof typeof JUDGED_SETS;

/** The fewest queries a category of a set may hold: fewer and its mean is one query's luck. */
export const MIN_PER_CATEGORY = 9;
/** The held-out set's size and categories, as issue 35 asks: each one kind of query the tuning set does not cover well. */
export const HELD_OUT_RULES = {
  minQueries: 60,
  categories: ['everyday', 'questions', 'typos', 'cut-word', 'absent-word', 'keywords', 'filtered'],
} as const;

const Judged = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('Query id, unique across both sets'),
  category: z.enum(CATEGORIES).describe('What kind of query this is'),
  q: z.string().min(1).describe('The query as a person types it'),
  region: z.enum(REGIONS).optional().describe('Region filter, as the API applies it'),
  kind: z.enum(KINDS).optional().describe('Kind filter, as the API applies it'),
  correction: z.string().min(1).optional().describe('What the user meant (typos, cut words)'),
  need: z.string().min(1).describe("The user's need in one line; grades are about it"),
  relevant: z
    .record(z.string(), z.union([z.literal(1), z.literal(2)]))
    .describe('Grades by record id: 2 answers, 1 useful'),
});

/** One judged query: grades 2 (answers) and 1 (useful) by record id. */
export type JudgedQuery = z.infer<typeof Judged>;

/** What the checks need to know of a record: its kind and declared regions. */
export interface JudgedRecord {
  kind: Kind;
  regions: readonly Region[];
}

/** Parses a set's YAML text; a shape error names the file and the entry. */
export function parseJudgments(path: string, text: string): JudgedQuery[] {
  const parsed = z.array(Judged).safeParse(parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: entry ${issue.path.map(String).join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** The problems of one set, one line each (empty when it is well-formed); `records` are the bundled corpus's records by id. */
export function judgmentProblems(
  path: string,
  queries: readonly JudgedQuery[],
  records: ReadonlyMap<string, JudgedRecord>,
): string[] {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const seenQueries = new Map<string, string>();
  for (const query of queries) {
    if (seenIds.has(query.id)) problems.push(`${path}: duplicate query id "${query.id}"`);
    seenIds.add(query.id);
    const key = queryKey(query);
    const earlier = seenQueries.get(key);
    if (earlier) problems.push(`${path}: ${query.id}: the same query and filters as ${earlier}`);
    else seenQueries.set(key, query.id);
    for (const id of Object.keys(query.relevant)) {
      const record = records.get(id);
      if (!record) {
        problems.push(`${path}: ${query.id}: unknown record id "${id}"`);
        continue;
      }
      if (query.kind && record.kind !== query.kind)
        problems.push(`${path}: ${query.id}: ${id} is a ${record.kind}, not a ${query.kind} (kind filter)`);
      if (query.region && !record.regions.includes(query.region))
        problems.push(
          `${path}: ${query.id}: ${id} does not declare ${query.region} (region filter; it declares ${record.regions.join(', ')})`,
        );
    }
    if (!Object.values(query.relevant).includes(2)) problems.push(`${path}: ${query.id}: no record graded 2`);
    if (query.category === 'typos' && !query.correction)
      problems.push(`${path}: ${query.id}: a typo query needs a correction`);
    if (query.category === 'filtered' && !query.region && !query.kind)
      problems.push(`${path}: ${query.id}: a filtered query needs a region or a kind`);
  }
  const counts = new Map<string, number>();
  for (const query of queries) counts.set(query.category, (counts.get(query.category) ?? 0) + 1);
  for (const [category, count] of counts)
    if (count < MIN_PER_CATEGORY)
      problems.push(
        `${path}: category ${category} holds ${count} ${count === 1 ? 'query' : 'queries'}, fewer than ${MIN_PER_CATEGORY}`,
      );
  return problems;
}

/** The problems of the held-out set as a whole: its size and categories (on top of judgmentProblems). */
export function heldOutProblems(path: string, queries: readonly JudgedQuery[]): string[] {
  const problems: string[] = [];
  if (queries.length < HELD_OUT_RULES.minQueries)
    problems.push(`${path}: ${queries.length} queries, fewer than ${HELD_OUT_RULES.minQueries}`);
  const present = new Set(queries.map((q) => q.category));
  for (const category of HELD_OUT_RULES.categories)
    if (!present.has(category)) problems.push(`${path}: no ${category} query`);
  return problems;
}

/** Problems between two sets: a query id or a query (text and filters) that both hold is not held out. */
export function overlapProblems(a: readonly JudgedQuery[], b: readonly JudgedQuery[]): string[] {
  const ids = new Set(a.map((q) => q.id));
  const keys = new Map(a.map((q) => [queryKey(q), q.id]));
  const problems: string[] = [];
  for (const query of b) {
    if (ids.has(query.id)) problems.push(`query id "${query.id}" is in both sets`);
    const other = keys.get(queryKey(query));
    if (other) problems.push(`${query.id} repeats ${other} (same query and filters) across the sets`);
  }
  return problems;
}

/** A query's identity: its words, case and spaces aside, and its filters. */
function queryKey(query: JudgedQuery): string {
  return `${query.q.toLowerCase().replace(/\s+/g, ' ').trim()}|${query.region ?? ''}|${query.kind ?? ''}`;
}

/** The records of a build, from its search listing (kind index and region bitmask), for judgmentProblems. */
export function recordsOfListing(listing: {
  ids: readonly string[];
  kinds: readonly number[];
  regions: readonly number[];
}): Map<string, JudgedRecord> {
  return new Map(
    listing.ids.map((id, i) => [
      id,
      { kind: KINDS[listing.kinds[i]!]!, regions: REGIONS.filter((_, bit) => listing.regions[i]! & (1 << bit)) },
    ]),
  );
}

/** Reads and validates one set against the records of the build; any problem stops the benchmark, listed. */
export async function readJudgments(path: string, records: ReadonlyMap<string, JudgedRecord>): Promise<JudgedQuery[]> {
  const queries = parseJudgments(path, await readFile(path, 'utf8'));
  const problems = judgmentProblems(path, queries, records);
  if (problems.length) throw new Error(problems.join('\n'));
  return queries;
}
