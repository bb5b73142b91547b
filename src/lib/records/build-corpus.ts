/** Validates parsed record files as one corpus and resolves their links into published records. */
import { RecordFrontmatterSchema, type RecordFrontmatter } from '../schema/record-file.ts';
import type { Fact } from '../schema/fact.ts';
import { ID_PATTERN } from '../schema/vocabulary.ts';
import { recordPageUrl } from '../paths.ts';
import { formatProblem } from './code-frame.ts';
import { parseWithFriendlyErrors, RecordError } from './friendly-errors.ts';
import type { RawRecordFile } from './parse-record-file.ts';
import { summarize } from './summarize.ts';
import { templatePlaceholders } from './template-placeholders.ts';
import { bodyLinkProblems } from './body-links.ts';

/** A validated record file, before link resolution. */
interface Checked {
  file: string;
  data: RecordFrontmatter;
  body: string;
}

/** The frontmatter as written, read loosely: cross-record checks run even on files that fail the schema. */
type Loose = {
  id?: unknown;
  kind?: unknown;
  related?: unknown;
  pricing_reference?: unknown;
  offer_data?: { provider_id?: unknown };
};

/** A problem at a field of `raw`, with its line and code frame. */
function problemAt(raw: RawRecordFile, path: PropertyKey[], message: string): string {
  const field = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
  return formatProblem(raw.file, field, message, raw.locate?.(path), raw.source);
}

/** The text's links to no record and its images from elsewhere, each at its line in the file. */
function bodyLinks(raw: RawRecordFile, siteUrl: string, isRecord: (id: string) => boolean): string[] {
  if (!raw.body || raw.bodyLine === undefined || raw.source === undefined) return [];
  // The text as written from its first line, so that a node's line plus bodyLine - 1 is its line in the file.
  const text = raw.source
    .split('\n')
    .slice(raw.bodyLine - 1)
    .join('\n');
  return bodyLinkProblems(text, siteUrl, isRecord).map(({ line, message }) =>
    formatProblem(raw.file, 'text', message, { line: raw.bodyLine! + line - 1 }, raw.source),
  );
}

/**
 * Of files sharing an id, the one kept as the owner: the oldest (smallest mtime), then the first path. The others are
 * the newcomers that get blamed: someone copied a file or reused an id, and the file that had it first stays right.
 */
function byAge(a: RawRecordFile, b: RawRecordFile): number {
  return (a.mtimeMs ?? 0) - (b.mtimeMs ?? 0) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

/**
 * Turns parsed files into published records sorted by id, or throws one RecordError listing every
 * problem in one pass (schema, duplicate id, unknown related or pricing id) with the file, line and field of each.
 * `unreadableIds`: ids of files whose YAML failed (already reported), which links may name without being unknown.
 */
export function buildCorpus(
  files: readonly RawRecordFile[],
  siteUrl: string,
  earlier: readonly string[] = [],
  unreadableIds: readonly string[] = [],
): Fact[] {
  const problems = [...earlier];
  const checked = new Map<RawRecordFile, Checked>();
  for (const raw of files) {
    const result = parseWithFriendlyErrors(RecordFrontmatterSchema, raw.frontmatter, raw.file, raw);
    problems.push(...(result.ok ? [] : result.problems), ...templatePlaceholders(raw));
    if (!raw.body) {
      // Named at the closing `---`: the line after it may be past the file's end.
      const line = raw.bodyLine === undefined ? undefined : { line: raw.bodyLine - 1 };
      const message = "the body (the record's text) is empty; write it below the closing ---";
      problems.push(formatProblem(raw.file, 'text', message, line, raw.source));
    } else if (result.ok) checked.set(raw, { file: raw.file, data: result.value, body: raw.body });
  }
  const loose = (raw: RawRecordFile) => (raw.frontmatter ?? {}) as Loose;
  const owners = new Map<string, RawRecordFile>();
  for (const raw of [...files].sort(byAge)) {
    const { id } = loose(raw);
    if (typeof id !== 'string') continue;
    const owner = owners.get(id);
    if (!owner) owners.set(id, raw);
    else {
      const where = owner.locate?.(['id']);
      problems.push(
        problemAt(
          raw,
          ['id'],
          `duplicate id "${id}", already used by ${owner.file}${where ? `:${where.line}` : ''} (the newer file is named)`,
        ),
      );
    }
  }
  const unreadable = new Set(unreadableIds);
  // An id that is not even well formed is reported by the schema (`must match …`), not a second time as unknown.
  const unknown = (id: unknown): id is string =>
    typeof id === 'string' && ID_PATTERN.test(id) && !owners.has(id) && !unreadable.has(id);
  for (const raw of files) {
    const { related, pricing_reference: pricing, offer_data: offer } = loose(raw);
    for (const [i, id] of (Array.isArray(related) ? related : []).entries()) {
      if (unknown(id)) problems.push(problemAt(raw, ['related', i], `unknown record id "${id}"`));
    }
    if (unknown(pricing)) problems.push(problemAt(raw, ['pricing_reference'], `unknown record id "${pricing}"`));
    problems.push(...bodyLinks(raw, siteUrl, (id) => owners.has(id) || unreadable.has(id)));
    const provider = offer?.provider_id;
    if (typeof provider === 'string' && ID_PATTERN.test(provider)) {
      const target = owners.get(provider);
      if (!target || loose(target).kind !== 'organization') {
        problems.push(
          problemAt(raw, ['offer_data', 'provider_id'], `"${provider}" is not the id of an organization record`),
        );
      }
    }
  }
  if (problems.length > 0) {
    // The ids a topic may name: a topic naming a record that has a bad field is not pointing at an unknown record.
    const ids = [...owners.keys(), ...unreadable].filter((id) => ID_PATTERN.test(id));
    throw new RecordError(problems, new Set(ids));
  }
  const byId = new Map([...checked.values()].map((record) => [record.data.id, record]));
  const url = (id: string) => recordPageUrl(siteUrl, id);
  return [...byId.values()]
    .sort((a, b) => (a.data.id < b.data.id ? -1 : 1))
    .map(({ data, body }) => {
      const { summary: _summary, related, pricing_reference, ...fields } = data;
      const fact: Fact = { ...fields, text: body, url: url(data.id) };
      if (related?.length) {
        fact.related = related.map((id) => {
          const other = byId.get(id)!;
          return { id, title: other.data.title, text: other.data.summary ?? summarize(other.body), url: url(id) };
        });
      }
      if (pricing_reference) fact.pricing_reference = { id: pricing_reference, url: url(pricing_reference) };
      return fact;
    });
}
