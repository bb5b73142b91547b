/** Node-only: reads and checks the publisher's topics file against the record ids, alone or with the records. */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { formatProblem } from '../records/code-frame.ts';
import { describeIssues, formatPath, RecordError } from '../records/friendly-errors.ts';
import { locator } from '../records/parse-record-file.ts';
import { readRecords, type ReadCache, type ReadRecordsOptions } from '../records/read-records.ts';
import type { Fact } from '../schema/fact.ts';
import { TopicsFileSchema, type Topic } from '../schema/topic.ts';
import { ID_PATTERN } from '../schema/vocabulary.ts';

/** A topics file that cannot be published; `message` lists every problem, each naming the file and the field. */
export class TopicError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid topics file (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'TopicError';
    this.problems = problems;
  }
}

/** Where the topics file is: TOPICS_FILE when set (then it must exist), else topics.yaml beside CONTENT_DIR (optional). */
export function topicsFileOf(settings: { CONTENT_DIR: string; TOPICS_FILE?: string | undefined }): {
  path: string;
  required: boolean;
} {
  return settings.TOPICS_FILE
    ? { path: settings.TOPICS_FILE, required: true }
    : { path: join(dirname(settings.CONTENT_DIR), 'topics.yaml'), required: false };
}

/**
 * The topics of `file`, checked against `recordIds`; [] when an optional file is absent; throws TopicError otherwise,
 * listing every problem of the file in one pass, in the order of their lines. `recordIds` null: the records could not
 * be listed, so no record id is reported as unknown.
 */
export async function readTopics(
  file: { path: string; required: boolean },
  recordIds: ReadonlySet<string> | null,
): Promise<Topic[]> {
  const inside = relative(process.cwd(), file.path);
  const name = inside && !inside.startsWith('..') ? inside : file.path;
  let text: string;
  try {
    text = await readFile(file.path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !file.required) return [];
    throw new TopicError([`${name}: (file): cannot read the topics file (${code ?? (error as Error).message})`]);
  }
  // Every problem names its line, as in records and synonyms: `file:line: field: message`.
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0)
    throw new TopicError(
      doc.errors.map((error) => {
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        return `${name}:${lines.linePos(error.pos[0]).line}: (file): not valid YAML: ${message}`;
      }),
    );
  const locate = locator(doc, lines);
  const data: unknown = doc.toJS();
  const result = TopicsFileSchema.safeParse(data, { reportInput: true });
  const problems = result.success ? [] : describeIssues(name, result.error.issues, { locate });
  problems.push(
    ...crossChecks(data, recordIds, (path, message) => formatProblem(name, formatPath(path), message, locate(path))),
  );
  if (problems.length > 0 || !result.success) {
    // In the order of their lines (a stable sort: on one line, the schema's problems first).
    const lineOf = (problem: string) => Number(/^:(\d+): /.exec(problem.slice(name.length))?.[1] ?? 0);
    throw new TopicError(problems.sort((a, b) => lineOf(a) - lineOf(b)));
  }
  return result.data.topics;
}

/** What readRecordsAndTopics read: the records and the topics (null when invalid), and the errors, the records' first. */
export interface RecordsAndTopics {
  facts: Fact[] | null;
  topics: Topic[] | null;
  errors: (RecordError | TopicError)[];
}

/**
 * The records of CONTENT_DIR and the topics checked against them, as check:records, the build and `npm run dev` read
 * them: invalid records do not hide the topics' problems, both are reported in one pass. Other errors are thrown.
 */
export async function readRecordsAndTopics(
  settings: { CONTENT_DIR: string; SITE_URL: string; TOPICS_FILE?: string | undefined },
  cache?: ReadCache,
  options?: ReadRecordsOptions,
): Promise<RecordsAndTopics> {
  const errors: (RecordError | TopicError)[] = [];
  let facts: Fact[] | null = null;
  let recordIds: ReadonlySet<string> | null;
  try {
    facts = await readRecords(settings.CONTENT_DIR, settings.SITE_URL, cache, options);
    recordIds = new Set(facts.map((fact) => fact.id));
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    errors.push(error);
    // Only the valid records are published, but the topics' record ids are judged against every record file whose id
    // is well formed, valid or not: a topic naming a record that has a bad field does not point at an unknown record,
    // and that record's problem is already in the list. When the records folder cannot be read, no id is judged.
    recordIds = error.recordIds ?? null;
  }
  let topics: Topic[] | null = null;
  try {
    topics = await readTopics(topicsFileOf(settings), recordIds);
  } catch (error) {
    if (!(error instanceof TopicError)) throw error;
    errors.push(error);
  }
  return { facts, topics, errors };
}

/**
 * The checks across topics and records (a repeated slug, an unknown record id, a record listed twice), run on the file
 * as written, so that they report even when the schema fails, on the fields that are well formed: an id that does not
 * match the id pattern is reported by the schema, not a second time as unknown.
 */
function crossChecks(
  data: unknown,
  recordIds: ReadonlySet<string> | null,
  at: (path: (string | number)[], message: string) => string,
): string[] {
  const problems: string[] = [];
  const topics = isObject(data) && Array.isArray(data.topics) ? data.topics : [];
  const slugs = new Set<string>();
  topics.forEach((topic: unknown, i) => {
    if (!isObject(topic)) return;
    const { slug, records } = topic;
    const named = typeof slug === 'string' ? ` (topic "${slug}")` : '';
    if (typeof slug === 'string') {
      if (slugs.has(slug))
        problems.push(
          at(['topics', i, 'slug'], `"${slug}" is used by an earlier topic; each topic needs its own slug`),
        );
      slugs.add(slug);
    }
    if (!Array.isArray(records)) return;
    const ids = records.filter((id): id is string => typeof id === 'string');
    records.forEach((id: unknown, j) => {
      if (recordIds && typeof id === 'string' && ID_PATTERN.test(id) && !recordIds.has(id))
        problems.push(at(['topics', i, 'records', j], `unknown record id "${id}"${named}`));
    });
    if (new Set(ids).size !== ids.length)
      problems.push(at(['topics', i, 'records'], `the same record is listed twice${named}`));
  });
  return problems;
}

/** A YAML mapping, as toJS() gives it. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
