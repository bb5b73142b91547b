/** Splits a record file into frontmatter (YAML) and body (markdown). */
import { parse as parseYaml, YAMLParseError } from 'yaml';

/** The raw parts of a record file, before validation. */
export interface RawRecordFile {
  file: string;
  frontmatter: unknown;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses one record file's source; returns problem lines naming the file when it cannot. */
export function parseRecordFile(file: string, source: string): { ok: true; value: RawRecordFile } | { ok: false; problems: string[] } {
  const match = FENCE.exec(source.replace(/^\uFEFF/, ''));
  if (!match) return { ok: false, problems: [`${file}: (frontmatter): the file must start with a YAML frontmatter block between two --- lines`] };
  let frontmatter: unknown;
  try {
    // The YAML 1.2 core schema keeps dates as strings, so the schema sees exactly what was written.
    frontmatter = parseYaml(match[1]!, { schema: 'core', uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split('\n')[0] : String(error);
    return { ok: false, problems: [`${file}: (frontmatter): invalid YAML: ${detail}`] };
  }
  const body = source.replace(/^\uFEFF/, '').slice(match[0].length).trim();
  if (!body) return { ok: false, problems: [`${file}: text: the body (the record's text) is empty`] };
  return { ok: true, value: { file, frontmatter, body } };
}
