/** Build time: reads content/synonyms.yaml, validates it (every problem with its line) and compiles it. */
import { readFile } from 'node:fs/promises';
import { isNode, LineCounter, parseDocument } from 'yaml';
import { GroupEntry, OneWayEntry, type SynonymEntry } from '../../schema/synonyms.ts';
import { formatPath } from '../../records/friendly-errors.ts';
import { SYNONYM_WEIGHT, type SynonymsArtefact } from '../query/synonyms.ts';
import { queryTerms } from '../text/normalize.ts';

/** A synonyms file that cannot be published; `message` lists every problem with its line. */
export class SynonymsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid synonyms file (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'SynonymsError';
    this.problems = problems;
  }
}

const list = (value: string | string[]) => (typeof value === 'string' ? [value] : value);

/** Validates the text of a synonyms file (`file` names it in errors); returns its entries or throws SynonymsError. */
export function parseSynonyms(text: string, file: string): SynonymEntry[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const at = (offset: number | undefined) => (offset === undefined ? '' : `:${lines.linePos(offset).line}`);
  if (doc.errors.length)
    throw new SynonymsError(
      doc.errors.map(
        (e) => `${file}${at(e.pos[0])}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      ),
    );
  const data: unknown = doc.toJS() ?? [];
  if (!Array.isArray(data))
    throw new SynonymsError([`${file}:1: the file must be a list of entries (- from: … to: …, or - group: […])`]);
  const lineOf = (path: readonly PropertyKey[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as unknown[], true);
      if (isNode(node) && node.range) return at(node.range[0]);
    }
    return '';
  };
  const problems: string[] = [];
  const entries: SynonymEntry[] = [];
  data.forEach((raw: unknown, i) => {
    const isGroup = raw !== null && typeof raw === 'object' && 'group' in raw;
    const result = (isGroup ? GroupEntry : OneWayEntry).safeParse(raw, { reportInput: true });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.code === 'unrecognized_keys' ? [i, ...issue.path, issue.keys[0]!] : [i, ...issue.path];
        const input = 'input' in issue ? issue.input : undefined;
        const shown =
          input === null || ['string', 'number', 'boolean'].includes(typeof input)
            ? `, got ${JSON.stringify(input)}`
            : '';
        const what =
          issue.code === 'unrecognized_keys'
            ? `unknown field "${issue.keys.join('", "')}" (an entry has from/to/weight or group/weight)`
            : `${issue.message}${shown}`;
        problems.push(`${file}${lineOf(path)}: entry ${i + 1}: ${formatPath(issue.path) || '(entry)'}: ${what}`);
      }
      return;
    }
    const entry = result.data;
    const fields = 'group' in entry ? { group: entry.group } : { from: list(entry.from), to: list(entry.to) };
    for (const [key, phrases] of Object.entries(fields)) {
      for (const [k, phrase] of phrases.entries())
        if (queryTerms(phrase).length === 0)
          problems.push(
            `${file}${lineOf([i, key, k])}: entry ${i + 1}: "${phrase}" has only stop words, so it can never be searched`,
          );
    }
    entries.push(entry);
  });
  if (problems.length) throw new SynonymsError(problems);
  return entries;
}

/** Compiles entries into the artefact: a group gives each member every other member. */
export function compileSynonyms(entries: readonly SynonymEntry[]): SynonymsArtefact {
  const rules: SynonymsArtefact['rules'] = [];
  const add = (from: string[], to: string[][], weight: number) => {
    const others = to.filter((terms) => terms.join(' ') !== from.join(' ')).map((terms) => ({ terms, weight }));
    if (others.length) rules.push({ from, to: others });
  };
  for (const entry of entries) {
    const weight = entry.weight ?? SYNONYM_WEIGHT;
    if ('group' in entry) {
      const members = entry.group.map(queryTerms);
      for (const member of members) add(member, members, weight);
    } else {
      const targets = list(entry.to).map(queryTerms);
      for (const from of list(entry.from)) add(queryTerms(from), targets, weight);
    }
  }
  return { version: 1, rules };
}

/** Reads, validates and compiles a synonyms file; a missing file is an error (the build names it). */
export async function readSynonymsFile(path: string): Promise<SynonymsArtefact> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new SynonymsError([`${path}: cannot be read (${error.code ?? error.message})`]);
  });
  return compileSynonyms(parseSynonyms(text, path));
}
