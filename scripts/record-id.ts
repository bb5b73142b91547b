/** Prints the id for a new record: `npm run -s record:id -- <kind> <slug>`. */
import { idForSlug } from '../src/lib/records/new-id.ts';
import { KINDS, type Kind } from '../src/lib/schema/vocabulary.ts';

const [kind, slug] = process.argv.slice(2);
if (!kind || !slug || !(KINDS as readonly string[]).includes(kind) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
  console.error(`usage: npm run -s record:id -- <kind> <slug>\n  kind: one of ${KINDS.join(', ')}\n  slug: kebab-case file name without .md`);
  process.exit(2);
}
console.log(idForSlug(kind as Kind, slug));
