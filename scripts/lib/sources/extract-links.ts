/** The external links of record files, each with the file, line and field where it is written. */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isDotPath } from '../../../src/lib/records/read-records.ts';
import { parseRecordFile } from '../../../src/lib/records/parse-record-file.ts';

/** One place a link is written: its address, the record file, the 1-based line and the field (`text` for the body). */
export interface LinkUse {
  url: string;
  file: string;
  line: number;
  field: string;
  /**
   * Set for an invented address, never requested: in a record whose data object says `fictional: true`, its website
   * and its `brand` and `source` sources (the fictional actor's own pages); official and operator sources are real.
   */
  fictional?: true;
}

/** Data objects whose `website` is an external link. */
const DATA_FIELDS = ['organization_data', 'person_data', 'offer_data', 'professional_data'] as const;
/**
 * An http(s) address in markdown text: inside `[text](…)`, `<…>` or bare (GFM autolinks, which the site renders).
 * It stops at whitespace, quotes, angle brackets and `)`, so an address with parentheses is cut at the first `)`.
 */
const BODY_URL = /https?:\/\/[^\s<>"'`)\]]+/g;

/** The addresses of the body lines, trailing sentence punctuation removed. */
function bodyLinks(source: string, file: string): LinkUse[] {
  const lines = source.split(/\r?\n/);
  // The body starts after the second `---` line (the frontmatter's closing fence).
  const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
  const uses: LinkUse[] = [];
  for (let i = close + 1; close > 0 && i < lines.length; i++) {
    for (const match of lines[i]!.matchAll(BODY_URL)) {
      const url = match[0].replace(/[.,;:!?]+$/, '');
      if (URL.canParse(url)) uses.push({ url, file, line: i + 1, field: 'text' });
    }
  }
  return uses;
}

/** The links of one record file's source: its sources' urls, its data object's website, and the links of its text. */
export function linksOfRecord(file: string, source: string): LinkUse[] {
  const parsed = parseRecordFile(file, source);
  if (!parsed.ok) return [];
  const { frontmatter, locate } = parsed.value;
  const data = (frontmatter ?? {}) as Record<string, unknown>;
  const uses: LinkUse[] = [];
  const at = (path: (string | number)[], url: unknown, field: string, fictional = false) => {
    if (typeof url === 'string' && /^https?:\/\//.test(url))
      uses.push({
        url,
        file,
        line: locate?.(path)?.line ?? 1,
        field,
        ...(fictional ? { fictional: true as const } : {}),
      });
  };
  const fictional = DATA_FIELDS.some((name) => (data[name] as { fictional?: unknown } | undefined)?.fictional === true);
  (Array.isArray(data.sources) ? data.sources : []).forEach((s: { url?: unknown; type?: unknown }, i) => {
    at(['sources', i, 'url'], s?.url, `sources[${i}].url`, fictional && (s?.type === 'brand' || s?.type === 'source'));
  });
  for (const name of DATA_FIELDS)
    at([name, 'website'], (data[name] as { website?: unknown } | undefined)?.website, `${name}.website`, fictional);
  return [...uses, ...bodyLinks(source, file)];
}

/** Every link of every record file under `dir` (dot files skipped, as records are read), files in path order. */
export async function extractLinks(dir: string): Promise<LinkUse[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !isDotPath(dir, path))
    .sort();
  const uses: LinkUse[] = [];
  for (const path of paths) {
    const inside = relative(process.cwd(), path);
    uses.push(...linksOfRecord(inside && !inside.startsWith('..') ? inside : path, await readFile(path, 'utf8')));
  }
  return uses;
}
