/** Finds what `npm run record:new`'s template wrote and nobody replaced: such a file must not be published. */
import { formatProblem } from './code-frame.ts';
import { formatPath } from './friendly-errors.ts';
import type { RawRecordFile } from './parse-record-file.ts';
import { TEMPLATE_PLACEHOLDERS } from './record-template.ts';

const TODO = new RegExp(`\\b${TEMPLATE_PLACEHOLDERS.todo}\\b`);
const DATE_FIELDS = new Set(['verified_at', 'effective_from', 'modified_at', 'valid_until']);
const DATES: ReadonlySet<string> = new Set(TEMPLATE_PLACEHOLDERS.dates);

const FIELDS: Readonly<Record<string, string | number>> = TEMPLATE_PLACEHOLDERS.fields;
/** Example contacts suit an invented entity (`fictional: true`, as the demonstration corpus's); the price never does. */
const CONTACTS = new Set(['website', 'phone', 'email', 'enterprise_number']);

/** The message for a placeholder value at `path`, or undefined when the value is not one. */
function placeholderMessage(
  path: readonly PropertyKey[],
  value: string | number,
  fictional: boolean,
): string | undefined {
  const last = path.at(-1);
  const example = typeof last === 'string' && Object.hasOwn(FIELDS, last) && FIELDS[last] === value;
  if (example && !(fictional && CONTACTS.has(last)))
    return `replace the template's example ${last}, got ${JSON.stringify(value)}`;
  if (typeof value === 'number') return undefined;
  const dateField = typeof last === 'string' && (DATE_FIELDS.has(last) || (path[0] === 'changes' && last === 'date'));
  if (dateField && DATES.has(value)) return `replace the template's example date, got ${JSON.stringify(value)}`;
  if (path[0] === 'sources' && last === 'url' && value === TEMPLATE_PLACEHOLDERS.sourceUrl)
    return `replace the template's example source, got ${JSON.stringify(value)}`;
  if (TODO.test(value))
    return `replace the template's ${TEMPLATE_PLACEHOLDERS.todo} placeholder, got ${JSON.stringify(value)}`;
  return undefined;
}

/** Every string and number of `value` with its path, depth first in the file's order. */
function* scalars(value: unknown, path: PropertyKey[] = []): Generator<[PropertyKey[], string | number]> {
  if (typeof value === 'string' || typeof value === 'number') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* scalars(item, [...path, i]);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* scalars(item, [...path, key]);
}

/** One problem line (`file:line: field: replace the template's …`) per placeholder left in the frontmatter or the text. */
export function templatePlaceholders(raw: RawRecordFile): string[] {
  const problems: string[] = [];
  for (const [path, value] of scalars(raw.frontmatter)) {
    const data = (raw.frontmatter as Record<PropertyKey, unknown> | null)?.[path[0]!];
    const fictional = typeof data === 'object' && data !== null && (data as { fictional?: unknown }).fictional === true;
    const message = placeholderMessage(path, value, fictional);
    if (message) problems.push(formatProblem(raw.file, formatPath(path), message, raw.locate?.(path), raw.source));
  }
  if (TODO.test(raw.body)) {
    const lines = raw.source?.split(/\r?\n/) ?? [];
    const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
    const index = close < 0 ? -1 : lines.findIndex((line, i) => i > close && TODO.test(line));
    const line = lines[index] ?? '';
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    const message = `replace the template's ${TEMPLATE_PLACEHOLDERS.todo} placeholder, got ${JSON.stringify(shown)}`;
    problems.push(formatProblem(raw.file, 'text', message, index < 0 ? undefined : { line: index + 1 }, raw.source));
  }
  return problems;
}
