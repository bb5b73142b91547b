/** Node-only: reads and checks the publisher's topics file against the published record ids. */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { formatProblem } from '../records/code-frame.ts';
import { describeIssues, formatPath } from '../records/friendly-errors.ts';
import { locator } from '../records/parse-record-file.ts';
import { TopicsFileSchema, type Topic } from '../schema/topic.ts';

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

/** The topics of `file`, checked against `recordIds`; [] when an optional file is absent; throws TopicError otherwise. */
export async function readTopics(
  file: { path: string; required: boolean },
  recordIds: ReadonlySet<string>,
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
  const result = TopicsFileSchema.safeParse(doc.toJS(), { reportInput: true });
  if (!result.success) throw new TopicError(describeIssues(name, result.error.issues, { locate }));
  const problems: string[] = [];
  const at = (path: (string | number)[], message: string) =>
    formatProblem(name, formatPath(path), message, locate(path));
  const slugs = new Set<string>();
  result.data.topics.forEach((topic, i) => {
    if (slugs.has(topic.slug))
      problems.push(
        at(['topics', i, 'slug'], `"${topic.slug}" is used by an earlier topic; each topic needs its own slug`),
      );
    slugs.add(topic.slug);
    topic.records.forEach((id, j) => {
      if (!recordIds.has(id))
        problems.push(at(['topics', i, 'records', j], `unknown record id "${id}" (topic "${topic.slug}")`));
    });
    if (new Set(topic.records).size !== topic.records.length)
      problems.push(at(['topics', i, 'records'], `the same record is listed twice (topic "${topic.slug}")`));
  });
  if (problems.length > 0) throw new TopicError(problems);
  return result.data.topics;
}
