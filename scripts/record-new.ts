/** `npm run record:new -- <kind> <slug> [--dir DIR]`: writes DIR/<slug>.md, a template with the right id and every field of the kind, commented; validation refuses its placeholders until they are replaced. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { idForSlug } from '../src/lib/records/new-id.ts';
import { recordTemplate } from '../src/lib/records/record-template.ts';
import { KINDS, type Kind } from '../src/lib/schema/vocabulary.ts';
import { refuseArguments } from './lib/cli-help.ts';
import { kindSlugProblem } from './lib/record-args.ts';

const USAGE = `usage: npm run record:new -- <kind> <slug> [--dir DIR]
  Writes DIR/<slug>.md (DIR: CONTENT_DIR, default content/records): a record with its id (from the kind and the
  slug, as npm run record:id prints it), every field of the kind with its description as a comment, the optional
  ones commented out, and placeholders (TODO, an example source, example dates) that validation refuses until replaced.
  kind: one of ${KINDS.join(', ')}
  slug: kebab-case file name without .md, e.g. wallonie-examen-theorique-langues`;

const options = { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    return refuseArguments((error as Error).message, USAGE);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const problem = kindSlugProblem(positionals);
if (problem) refuseArguments(problem, USAGE);
const [kind, slug] = positionals as [string, string];
const dir = values.dir ?? (process.env.CONTENT_DIR || 'content/records');
const path = join(dir, `${slug}.md`);
if (existsSync(path)) {
  console.error(`${path} exists already; choose another slug`);
  process.exit(1);
}
await mkdir(dir, { recursive: true });
const id = idForSlug(kind as Kind, slug);
await writeFile(path, recordTemplate(kind as Kind, id), { flag: 'wx' });
console.log(`${path}: new ${kind} record ${id}; replace the TODO placeholders`);
