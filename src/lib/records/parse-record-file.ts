/** Splits a record file into frontmatter (YAML) and body (markdown), keeping where each field is in the file. */
import { isMap, isNode, isPair, isScalar, LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import { formatProblem, type Position } from './code-frame.ts';

/** The raw parts of a record file, before validation. */
export interface RawRecordFile {
  file: string;
  frontmatter: unknown;
  /** The markdown after the frontmatter, trimmed; empty when the file has none (the corpus check refuses it). */
  body: string;
  /** The line where the body starts, after the closing `---`. */
  bodyLine?: number;
  /** The whole file's text, for code frames. */
  source?: string;
  /** Position in the file of the value at a field path (or of the key, for `key: true`); the nearest parent when absent. */
  locate?: (path: readonly PropertyKey[], key?: boolean) => Position | undefined;
  /** Last modification time: of two files with the same id, the newer one is blamed. */
  mtimeMs?: number;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** The YAML starts on the file's second line, after the opening `---`. */
const YAML_FIRST_LINE = 2;

/**
 * The parser's errors with their position and one-line message, each (line, message) once: the parser reports some
 * faults twice on one line (« title: a: b: c » gives "Nested mappings…" at two columns), a reader needs it once.
 */
export function yamlErrorsOnce(
  errors: readonly YAMLError[],
  lines: LineCounter,
): { pos: { line: number; col: number }; message: string }[] {
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const pos = lines.linePos(error.pos[0]);
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const key = `${pos.line}:${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ pos, message }];
  });
}

/**
 * The id a file's frontmatter declares on an `id:` line, read without parsing it: a file that cannot be read as a
 * record (bad YAML, bad bytes, too large) still owns its id, so links and topics naming it are not unknown ids.
 */
export function declaredId(text: string): string | undefined {
  const frontmatter = FENCE.exec(text.replace(/^\uFEFF/, ''))?.[1];
  return frontmatter === undefined ? undefined : /^id:[ \t]*["']?([a-z0-9-]+)["']?[ \t]*$/m.exec(frontmatter)?.[1];
}

/** Parses one record file's source; returns problem lines (with line numbers and code frames) naming the file when it cannot. */
export function parseRecordFile(
  file: string,
  source: string,
): { ok: true; value: RawRecordFile } | { ok: false; problems: string[]; id?: string } {
  const text = source.replace(/^\uFEFF/, '');
  const match = FENCE.exec(text);
  if (!match)
    return {
      ok: false,
      problems: [`${file}: (frontmatter): the file must start with a YAML frontmatter block between two --- lines`],
    };
  const lineCounter = new LineCounter();
  // The YAML 1.2 core schema keeps dates as strings, so the schema sees exactly what was written.
  const doc = parseDocument(match[1]!, { schema: 'core', uniqueKeys: true, prettyErrors: false, lineCounter });
  if (doc.errors.length > 0) {
    const id = declaredId(text);
    return {
      ...(id ? { id } : {}),
      ok: false,
      problems: yamlErrorsOnce(doc.errors, lineCounter).map(({ pos, message }) => {
        const line = match[1]!.split(/\r?\n/)[pos.line - 1] ?? '';
        return formatProblem(
          file,
          '(frontmatter)',
          `invalid YAML: ${message}${quoteHint(line)}`,
          { line: pos.line + YAML_FIRST_LINE - 1, column: pos.col },
          text,
        );
      }),
    };
  }
  const body = text.slice(match[0].length).trim();
  // The line after the closing `---`, whether a newline ends that line or the file ends there.
  const bodyLine = match[0].replace(/\r?\n$/, '').split('\n').length + 1;
  const locate = locator(doc, lineCounter, YAML_FIRST_LINE);
  return { ok: true, value: { file, frontmatter: doc.toJS(), body, bodyLine, source: text, locate } };
}

/**
 * The fix when a line is `field: value` with an unquoted value holding ": " (a French title's colon), which YAML reads
 * as a mapping inside the value: the same line with the value in double quotes.
 */
function quoteHint(line: string): string {
  const field = /^([ \t]*(?:- )?)([A-Za-z_][\w-]*):[ \t]+(.*?)[ \t]*$/.exec(line);
  if (!field || /^["'[{|>&*!]/.test(field[3]!) || !field[3]!.includes(': ')) return '';
  return `; the value of ${field[2]} contains ": ", so put it in quotes: ${field[2]}: ${JSON.stringify(field[3])}`;
}

/**
 * Finds the node at a path, or the nearest existing parent, and turns its offset into a file position; `firstLine` is
 * the file's line where the YAML text starts (2 in a record file, after the opening `---`; 1 in a YAML file).
 */
export function locator(doc: Document, lines: LineCounter, firstLine = 1): NonNullable<RawRecordFile['locate']> {
  return (path, key = false) => {
    let node: unknown = doc.contents;
    let offset = isNode(node) ? node.range?.[0] : undefined;
    for (const [i, step] of path.entries()) {
      if (!isMap(node) && !(isNode(node) && 'items' in node)) break;
      const items = (node as { items: unknown[] }).items;
      const item =
        typeof step === 'number'
          ? items[step]
          : items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === step);
      if (item === undefined) break;
      if (isPair(item)) {
        const last = i === path.length - 1;
        const target = last && key ? item.key : (item.value ?? item.key);
        offset = isNode(target) ? target.range?.[0] : offset;
        node = item.value;
      } else {
        offset = isNode(item) ? item.range?.[0] : offset;
        node = item;
      }
    }
    if (offset === undefined) return undefined;
    const pos = lines.linePos(offset);
    return { line: pos.line + firstLine - 1, column: pos.col };
  };
}
