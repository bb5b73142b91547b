/** The judged query set (bench/relevance/queries.yaml), validated: a bad entry stops the benchmark with its id. */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import { KINDS, REGIONS } from '../../../src/lib/schema/vocabulary.ts';

/** Query categories, in report order. */
export const CATEGORIES = ['keywords', 'no-accents', 'forms', 'questions', 'dutch', 'typos', 'filtered', 'synonyms', 'everyday'] as const;

const Judged = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  category: z.enum(CATEGORIES),
  q: z.string().min(1),
  region: z.enum(REGIONS).optional(),
  kind: z.enum(KINDS).optional(),
  correction: z.string().min(1).optional(),
  need: z.string().min(1),
  relevant: z.record(z.string(), z.union([z.literal(1), z.literal(2)])),
});

/** One judged query: grades 2 (answers) and 1 (useful) by record id. */
export type JudgedQuery = z.infer<typeof Judged>;

/** Reads and validates the set; every id must be a known record, every typo must carry its correction. */
export async function readJudgments(path: string, knownIds: ReadonlySet<string>): Promise<JudgedQuery[]> {
  const queries = z.array(Judged).parse(parse(await readFile(path, 'utf8')));
  const seen = new Set<string>();
  for (const query of queries) {
    if (seen.has(query.id)) throw new Error(`${path}: duplicate query id "${query.id}"`);
    seen.add(query.id);
    for (const id of Object.keys(query.relevant)) if (!knownIds.has(id)) throw new Error(`${path}: ${query.id}: unknown record id "${id}"`);
    if (!Object.values(query.relevant).includes(2)) throw new Error(`${path}: ${query.id}: no record graded 2`);
    if (query.category === 'typos' && !query.correction) throw new Error(`${path}: ${query.id}: a typo query needs a correction`);
  }
  return queries;
}
