/** Validates parsed record files as one corpus and resolves their links into published records. */
import { RecordFrontmatterSchema, type RecordFrontmatter } from '../schema/record-file.ts';
import type { Fact } from '../schema/fact.ts';
import { recordPageUrl } from '../paths.ts';
import { parseWithFriendlyErrors, RecordError } from './friendly-errors.ts';
import type { RawRecordFile } from './parse-record-file.ts';
import { summarize } from './summarize.ts';

/** A validated record file, before link resolution. */
interface Checked {
  file: string;
  data: RecordFrontmatter;
  body: string;
}

/**
 * Turns parsed files into published records sorted by id, or throws one RecordError listing every
 * problem (schema, duplicate id, unknown related or pricing id) with the file and field of each.
 */
export function buildCorpus(files: readonly RawRecordFile[], siteUrl: string, earlier: readonly string[] = []): Fact[] {
  const problems = [...earlier];
  const checked: Checked[] = [];
  for (const raw of files) {
    const result = parseWithFriendlyErrors(RecordFrontmatterSchema, raw.frontmatter, raw.file);
    if (result.ok) checked.push({ file: raw.file, data: result.value, body: raw.body });
    else problems.push(...result.problems);
  }
  const byId = new Map<string, Checked>();
  for (const record of checked) {
    const first = byId.get(record.data.id);
    if (first) problems.push(`${record.file}: id: duplicate id "${record.data.id}", already used by ${first.file}`);
    else byId.set(record.data.id, record);
  }
  for (const { file, data } of checked) {
    for (const [i, id] of (data.related ?? []).entries()) {
      if (!byId.has(id)) problems.push(`${file}: related[${i}]: unknown record id "${id}"`);
    }
    if (data.pricing_reference && !byId.has(data.pricing_reference)) {
      problems.push(`${file}: pricing_reference: unknown record id "${data.pricing_reference}"`);
    }
    const provider = data.offer_data?.provider_id;
    if (provider && byId.get(provider)?.data.kind !== 'organization') {
      problems.push(`${file}: offer_data.provider_id: "${provider}" is not the id of an organization record`);
    }
  }
  if (problems.length > 0) throw new RecordError(problems);
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
