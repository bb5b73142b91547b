/** Turns zod failures into build errors that name the file and each bad field, one line per issue. */
import type { z } from 'zod';
import { formatProblem } from './code-frame.ts';
import type { RawRecordFile } from './parse-record-file.ts';

/** Where a file's fields are, to give each problem its line and code frame (absent: no position). */
export type FileContext = Pick<RawRecordFile, 'source' | 'locate'>;

/** A record file (or several) that cannot be published; `message` lists every problem. */
export class RecordError extends Error {
  readonly problems: string[];
  /**
   * The well-formed ids of the record files read, valid or not (files whose YAML failed included when a line gives
   * their id), for checks that name records from outside them (topics); undefined when the files could not be listed.
   */
  readonly recordIds: ReadonlySet<string> | undefined;
  constructor(problems: string[], recordIds?: ReadonlySet<string>) {
    super(
      `Invalid record files (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'RecordError';
    this.problems = problems;
    this.recordIds = recordIds;
  }
}

/** Formats a zod path as `sources[0].url`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/** One problem per zod issue: `file:line: field: message` and a code frame when `context` can place it. */
export function describeIssues(file: string, issues: readonly z.core.$ZodIssue[], context: FileContext = {}): string[] {
  const at = (path: readonly PropertyKey[], message: string, key = false) =>
    formatProblem(file, formatPath(path) || '(frontmatter)', message, context.locate?.(path, key), context.source);
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        at([...issue.path, key], 'unknown field; check its spelling against docs/publishing.md', true),
      );
    }
    const input = 'input' in issue ? issue.input : undefined;
    const primitive = input === null || ['string', 'number', 'boolean'].includes(typeof input);
    const shown = primitive && !issue.message.includes(' got ') ? `, got ${JSON.stringify(input)}` : '';
    return [at(issue.path, `${issue.message}${shown}`)];
  });
}

/** Parses `data` with `schema`, or returns the problem lines naming `file`. */
export function parseWithFriendlyErrors<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  context: FileContext = {},
): { ok: true; value: z.infer<S> } | { ok: false; problems: string[] } {
  const result = schema.safeParse(data, { reportInput: true });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, problems: describeIssues(file, result.error.issues, context) };
}
