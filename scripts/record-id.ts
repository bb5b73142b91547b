/** Prints the id for a new record: `npm run -s record:id -- <kind> <slug>`. */
import { answerHelp, refuseArguments } from './lib/cli-help.ts';
import { kindSlugProblem } from './lib/record-args.ts';
import { idForSlug } from '../src/lib/records/new-id.ts';
import { KINDS, type Kind } from '../src/lib/schema/vocabulary.ts';

answerHelp(`usage: npm run -s record:id -- <kind> <slug>

Prints the id of a new record file <slug>.md: the kind's prefix and the first 16 hex digits of sha256(slug).
  kind: one of fact, expertise, organization, offer, person, professional, article, lesson, page, tool
  slug: kebab-case file name without .md`);

const problem = kindSlugProblem(process.argv.slice(2));
if (problem)
  refuseArguments(
    problem,
    `usage: npm run -s record:id -- <kind> <slug>\n  kind: one of ${KINDS.join(', ')}\n  slug: kebab-case file name without .md`,
  );
const [kind, slug] = process.argv.slice(2) as [string, string];
console.log(idForSlug(kind as Kind, slug));
