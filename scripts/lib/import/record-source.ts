/** Turns a published record (the API's JSON) back into a record file of this project: frontmatter + markdown body. */
import { stringify } from 'yaml';
import { FactSchema, type Fact } from '../../../src/lib/schema/fact.ts';
import { RecordFrontmatterSchema } from '../../../src/lib/schema/record-file.ts';
import { describeIssues, formatPath } from '../../../src/lib/records/friendly-errors.ts';
import { decodeRecordFile, MAX_RECORD_BYTES } from '../../../src/lib/records/file-limits.ts';
import { parseRecordFile } from '../../../src/lib/records/parse-record-file.ts';
import { summarize } from '../../../src/lib/records/summarize.ts';

/** The frontmatter fields, in the order the files show them. */
export const ORDER = [
  'id',
  'kind',
  'title',
  'regions',
  'sources',
  'verified_at',
  'effective_from',
  'modified_at',
  'changes',
  'evidence_kind',
  'verification_scope',
  'bibliography',
  'related',
  'summary',
  'pricing_reference',
  'organization_data',
  'person_data',
  'offer_data',
  'professional_data',
] as const;
/** Fields of a published record that the build derives, so a file never holds them. */
const DERIVED = new Set(['text', 'url']);

/** How a record is named in messages: its id when it has a readable one. */
export function recordLabel(raw: unknown): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? `record ${JSON.stringify(id.slice(0, 80))}` : 'a record without an id';
}

/** A checked record: the Fact, and warnings about what its file cannot say. */
export type Checked = { ok: true; fact: Fact; warnings: string[] } | { ok: false; problems: string[] };

/** Checks one record of a /facts page against the spec's Fact schema; problems name the record's id and each field. */
export function checkRecord(raw: unknown): Checked {
  const label = recordLabel(raw);
  const result = FactSchema.safeParse(raw, { reportInput: true });
  if (!result.success) return { ok: false, problems: describeIssues(label, result.error.issues) };
  const known = new Set([...ORDER, ...DERIVED]);
  const warnings = Object.keys(raw as object)
    .filter((key) => !known.has(key as never))
    .map((key) => `${label}: ${key}: not a field of the spec's Fact; left out`);
  for (const [i, item] of (result.data.related ?? []).entries())
    if (!item.id) warnings.push(`${label}: related[${i}]: no id, so no link can be written; left out`);
  return { ok: true, fact: result.data, warnings };
}

/**
 * The summaries the source published: a record's summary shows only as the `text` of the related items that point at
 * it. Where it differs from what the build would derive from the record's text, the file must say it.
 */
export function publishedSummaries(facts: Iterable<Fact>): Map<string, string> {
  const out = new Map<string, string>();
  for (const fact of facts)
    for (const item of fact.related ?? [])
      if (item.id && item.text !== undefined && !out.has(item.id)) out.set(item.id, item.text);
  return out;
}

/** The record file's source for `fact`, or the problems (by id and field) that keep it from being one. */
export function recordFileSource(
  fact: Fact,
  summary: string | undefined,
): { ok: true; source: string; frontmatter: Record<string, unknown> } | { ok: false; problems: string[] } {
  const label = recordLabel(fact);
  const data: Record<string, unknown> = {
    ...fact,
    related: fact.related?.flatMap((item) => (item.id ? [item.id] : [])),
    pricing_reference: fact.pricing_reference?.id,
  };
  if (summary !== undefined && summary !== summarize(fact.text)) data.summary = summary;
  if ((data.related as string[] | undefined)?.length === 0) delete data.related;
  const frontmatter = Object.fromEntries(ORDER.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
  const source = `---\n${stringify(frontmatter, { schema: 'core', lineWidth: 0 })}---\n${fact.text}\n`;
  const bytes = new TextEncoder().encode(source);
  if (bytes.length > MAX_RECORD_BYTES) {
    return {
      ok: false,
      problems: [
        `${label}: text: the record file would be ${bytes.length} bytes, over the limit of ${MAX_RECORD_BYTES} bytes (256 KiB) for a record file`,
      ],
    };
  }
  if (fact.text !== fact.text.trim())
    return {
      ok: false,
      problems: [`${label}: text: starts or ends with white space, which a record file cannot keep`],
    };
  // The file must read back as exactly this record: the same reader the build uses.
  const decoded = decodeRecordFile(label, bytes);
  if (!decoded.ok) return { ok: false, problems: [decoded.problem.replace(': (file):', ': text:')] };
  const parsed = parseRecordFile(label, decoded.text);
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  const checked = RecordFrontmatterSchema.safeParse(parsed.value.frontmatter, { reportInput: true });
  if (!checked.success) return { ok: false, problems: describeIssues(label, checked.error.issues) };
  if (parsed.value.body !== fact.text)
    return { ok: false, problems: [`${label}: text: does not read back unchanged from a record file`] };
  return { ok: true, source, frontmatter };
}

/** A readable, safe file name: the kind and a slug of the title (ASCII letters, digits and dashes only). */
export function fileSlug(fact: Pick<Fact, 'kind' | 'title' | 'id'>): string {
  const words = fact.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const slug = words.slice(0, 80).replace(/-+$/, '') || fact.id.replace(/[^a-z0-9-]/g, '');
  return `${fact.kind}-${slug}`;
}

export { formatPath };
