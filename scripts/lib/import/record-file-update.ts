/**
 * The file-writing side of an import: decides from the data (not the text) whether a record file changed, and when it
 * did, updates it in place with the `yaml` library's Document API, keeping its comments, key order, quotes and flow
 * lists. What a record is comes from the fetch side (record-source.ts); this module only reads and edits files.
 */
import { isDeepStrictEqual } from 'node:util';
import { isCollection, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { parseRecordFile } from '../../../src/lib/records/parse-record-file.ts';
import { summarize } from '../../../src/lib/records/summarize.ts';
import { RecordFrontmatterSchema } from '../../../src/lib/schema/record-file.ts';

/** The record as the source has it, ready to be a file. */
export interface FreshRecord {
  /** The frontmatter the import would write (record-source.ts's field order). */
  frontmatter: Record<string, unknown>;
  /** The body: the record's text. */
  text: string;
  /** The summary the source published, when it published one (undefined: the source does not say). */
  publishedSummary: string | undefined;
  /** The whole file as the import writes a new one: the fallback when a file cannot be edited in place. */
  source: string;
  /** The frontmatter's keys in the order a new file shows them: a key added to a file goes to its place in it. */
  order: readonly string[];
}

/** Opening fence, YAML, closing fence (with the line break after it), as parse-record-file.ts reads a file. */
const FENCE = /^(\uFEFF?---\r?\n)([\s\S]*?)(\r?\n---[ \t]*(?:\r?\n|$))/;

type Plain = Record<string, unknown>;
const isObject = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `value` without keys whose value is undefined, at every depth (a file cannot hold undefined). */
function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defined);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [[k, defined(v)]])));
}

/**
 * The frontmatter the file should hold: the source's, except for what the source cannot tell and the file says in
 * its own way (a `summary` the source did not publish or that the build would derive anyway, an empty `related`).
 */
function wanted(old: Plain, fresh: FreshRecord): Plain {
  const want: Plain = { ...fresh.frontmatter };
  if (
    want.summary === undefined &&
    typeof old.summary === 'string' &&
    (fresh.publishedSummary === undefined || old.summary === summarize(fresh.text))
  )
    want.summary = old.summary;
  if (want.related === undefined && Array.isArray(old.related) && old.related.length === 0) want.related = [];
  const read = RecordFrontmatterSchema.safeParse(old);
  return withoutDefaults(defined(want), old, read.success ? read.data : undefined) as Plain;
}

/**
 * `want` without the fields the file leaves out and the schema fills in with the same value (an address's `country:
 * BE`): the published record carries them, the file need not.
 */
function withoutDefaults(want: unknown, old: unknown, read: unknown): unknown {
  if (!isObject(want) || !isObject(old)) return want;
  const readObject = isObject(read) ? read : {};
  return Object.fromEntries(
    Object.entries(want).flatMap(([key, value]) =>
      !(key in old) && isDeepStrictEqual(value, readObject[key])
        ? []
        : [[key, withoutDefaults(value, old[key], readObject[key])]],
    ),
  );
}

/** The YAML text of a scalar value in the style `type` of the node it replaces, or undefined to let the Document write it. */
function scalarText(type: string | undefined, value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (type === 'QUOTE_SINGLE') return `'${value.replaceAll("'", "''")}'`;
  if (type !== 'PLAIN') return undefined;
  // Plain only when YAML reads it back as the same string; else double quotes, as a new file would.
  const probe = parseDocument(`k: ${value}`, { schema: 'core' });
  return !/[\r\n]/.test(value) && probe.errors.length === 0 && (probe.toJS() as Plain).k === value
    ? value
    : JSON.stringify(value);
}

/** Text edits (offset ranges in the YAML) that turn `before` into `after` by replacing scalars only; false when the shape changed. */
function scalarEdits(
  node: unknown,
  before: unknown,
  after: unknown,
  edits: { start: number; end: number; text: string }[],
): boolean {
  if (isDeepStrictEqual(before, after)) return true;
  if (isScalar(node) && !isCollection(after) && typeof after !== 'object') {
    const text = scalarText(node.type, after);
    if (text === undefined || !node.range) return false;
    edits.push({ start: node.range[0], end: node.range[1], text });
    return true;
  }
  if (isMap(node) && isObject(before) && isObject(after)) {
    const keys = Object.keys(after);
    if (keys.length !== Object.keys(before).length || !keys.every((k) => k in before)) return false;
    return node.items.every(
      (pair) =>
        isScalar(pair.key) &&
        scalarEdits(pair.value, before[String(pair.key.value)], after[String(pair.key.value)], edits),
    );
  }
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return node.items.every((item, i) => scalarEdits(item, before[i], after[i], edits));
  }
  return false;
}

/** Changes `doc` at `path` from `before` to `after`, touching only what differs and keeping each collection's flow style. */
function editDocument(doc: Document, path: unknown[], before: unknown, after: unknown, order: readonly string[]): void {
  if (isDeepStrictEqual(before, after)) return;
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (isMap(node) && isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) if (!(key in after)) doc.deleteIn([...path, key]);
    for (const [key, value] of Object.entries(after)) {
      if (key in before) editDocument(doc, [...path, key], before[key], value, order);
      else {
        doc.setIn([...path, key], doc.createNode(value));
        // setIn appends: move a new top-level key to its place in a new file's order, among the keys the file has.
        if (path.length === 0) {
          const pair = node.items.pop()!;
          const rank = (k: unknown) => order.indexOf(String(isScalar(k) ? k.value : k));
          const at = node.items.findIndex((p) => rank(p.key) > rank(key));
          node.items.splice(at < 0 ? node.items.length : at, 0, pair);
        }
      }
    }
    return;
  }
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (const [i, value] of after.entries()) editDocument(doc, [...path, i], before[i], value, order);
    return;
  }
  const created = doc.createNode(after);
  if (isCollection(node) && isCollection(created)) created.flow = node.flow ?? false;
  // The node's own comments (a trailing `# les deux`, lines above it) stay with the new value.
  if (isCollection(node) || isScalar(node))
    Object.assign(created, { comment: node.comment, commentBefore: node.commentBefore, spaceBefore: node.spaceBefore });
  if (
    isScalar(node) &&
    isScalar(created) &&
    typeof after === 'string' &&
    (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')
  )
    created.type = node.type;
  doc.setIn(path, created);
}

/**
 * The new text of the record file `existing` for `fresh`, or undefined when its data is already the source's (the file
 * stays byte for byte). Only the values that changed are rewritten; the result is read back with the build's reader,
 * and a file that cannot be edited in place (no frontmatter, invalid YAML) is replaced by `fresh.source`.
 */
export function updateRecordFile(existing: string, fresh: FreshRecord): string | undefined {
  const match = FENCE.exec(existing);
  const doc = match ? parseDocument(match[2]!, { schema: 'core', uniqueKeys: true }) : undefined;
  if (!match || !doc || doc.errors.length > 0 || !isMap(doc.contents))
    return existing === fresh.source ? undefined : fresh.source;
  const old = defined(doc.toJS()) as Plain;
  const body = existing.slice(match[0].length);
  const want = wanted(old, fresh);
  const textSame = body.trim() === fresh.text;
  if (textSame && isDeepStrictEqual(old, want)) return undefined;

  let yaml = match[2]!;
  const edits: { start: number; end: number; text: string }[] = [];
  if (scalarEdits(doc.contents, old, want, edits)) {
    for (const edit of edits.sort((a, b) => b.start - a.start))
      yaml = `${yaml.slice(0, edit.start)}${edit.text}${yaml.slice(edit.end)}`;
  } else {
    editDocument(doc, [], old, want, fresh.order);
    yaml = doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '');
  }
  const lead = /^\s*/.exec(body)![0];
  const trail = /\s*$/.exec(body)![0];
  const text = `${match[1]}${yaml}${match[3]}${textSame ? body : `${lead}${fresh.text}${trail || '\n'}`}`;
  // The edited file must read back as exactly the record: else the import writes the file it would write new.
  const parsed = parseRecordFile('import', text.replace(/^\uFEFF/, ''));
  const same =
    parsed.ok && parsed.value.body === fresh.text && isDeepStrictEqual(defined(parsed.value.frontmatter), want);
  return same ? text : fresh.source;
}
