/** The record as spec section 2 describes it, checked field by field: only what the spec states (its kinds, id pattern and source types), none of our own decisions. */
import { ID_PATTERN, KINDS, SOURCE_TYPES } from '../lib/schema/vocabulary.ts';

/** A record as received. */
export type RecordJson = Record<string, unknown> & { id: string; kind: string; regions: unknown };
/** The list response as received. */
export interface Page {
  results: RecordJson[];
  total: number;
  limit: number;
  offset: number;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function isUri(v: unknown): boolean {
  if (!isString(v)) return false;
  try {
    return /^https?:$/.test(new URL(v).protocol) || /^[a-z][a-z0-9+.-]*:/i.test(v);
  } catch {
    return false;
  }
}
function isDate(v: unknown): boolean {
  if (!isString(v) || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** Every way `record` departs from the spec's record, as messages (empty when it conforms). */
export function recordProblems(record: unknown): string[] {
  if (!isObject(record)) return ['is not a JSON object'];
  const problems: string[] = [];
  const bad = (field: string, rule: string) =>
    problems.push(`${field} ${rule}, got ${JSON.stringify(record[field])?.slice(0, 80)}`);
  if (!isString(record.id) || !ID_PATTERN.test(record.id)) bad('id', `must match ${ID_PATTERN.source}`);
  if (!(KINDS as readonly string[]).includes(record.kind as string)) bad('kind', 'must be one of the ten kinds');
  for (const field of ['title', 'text']) if (!isString(record[field])) bad(field, 'must be a string');
  if (!isUri(record.url)) bad('url', 'must be a URI');
  if (!Array.isArray(record.regions) || !record.regions.every(isString)) bad('regions', 'must be an array of strings');
  if (!Array.isArray(record.sources)) bad('sources', 'must be an array');
  else
    record.sources.forEach((s, i) => {
      if (
        !isObject(s) ||
        !isUri(s.url) ||
        !isString(s.label) ||
        !(SOURCE_TYPES as readonly string[]).includes(s.type as string)
      ) {
        problems.push(
          `sources[${i}] must be {url (URI), label (string), type (${SOURCE_TYPES.join('|')})}, got ${JSON.stringify(s)?.slice(0, 80)}`,
        );
      }
    });
  for (const field of ['verified_at', 'effective_from'])
    if (field in record && !isDate(record[field])) bad(field, 'must be a date YYYY-MM-DD');
  for (const field of ['modified_at', 'evidence_kind', 'verification_scope'])
    if (field in record && !isString(record[field])) bad(field, 'must be a string');
  if ('related' in record) {
    if (!Array.isArray(record.related)) bad('related', 'must be an array');
    else
      record.related.forEach((r, i) => {
        const ok =
          isObject(r) &&
          ['id', 'title', 'text'].every((k) => !(k in r) || isString(r[k])) &&
          (!('url' in r) || isUri(r.url));
        if (!ok)
          problems.push(
            `related[${i}] must be {id, title, text (strings), url (URI)}, got ${JSON.stringify(r)?.slice(0, 80)}`,
          );
      });
  }
  if ('bibliography' in record && !(Array.isArray(record.bibliography) && record.bibliography.every(isString)))
    bad('bibliography', 'must be an array of strings');
  for (const field of ['organization_data', 'person_data', 'offer_data', 'professional_data'])
    if (field in record && !isObject(record[field])) bad(field, 'must be an object');
  if ('pricing_reference' in record) {
    const p = record.pricing_reference;
    if (!isObject(p) || ('id' in p && !isString(p.id)) || ('url' in p && !isUri(p.url)))
      bad('pricing_reference', 'must be {id (string), url (URI)}');
  }
  return problems;
}
