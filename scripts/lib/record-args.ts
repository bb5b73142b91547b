/** The <kind> <slug> arguments of record:new and record:id: what is wrong with them, in one line. */
import { KINDS } from '../../src/lib/schema/vocabulary.ts';

/** A slug: the file name without .md, lowercase ASCII letters and digits in words joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug nearest to `text`: accents dropped, lowercase, every other run of characters one hyphen. */
export function suggestSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** One line saying which of `args` (kind, slug) is missing or wrong and why, or undefined when both are right. */
export function kindSlugProblem(args: readonly string[]): string | undefined {
  const [kind, slug, ...extra] = args;
  if (kind === undefined) return 'missing <kind> and <slug>';
  if (!(KINDS as readonly string[]).includes(kind)) {
    const fiche =
      kind.toLowerCase() === 'fiche'
        ? " (« fiche » is the site's word for a record of any kind; a rule is kind fact)"
        : '';
    return `${JSON.stringify(kind)} is not a kind; the kinds are ${KINDS.join(', ')}${fiche}`;
  }
  if (slug === undefined) return 'missing <slug>';
  if (!SLUG.test(slug)) {
    const suggestion = suggestSlug(slug);
    const hint = suggestion && suggestion !== slug ? `; try ${suggestion}` : '';
    return `${JSON.stringify(slug)} is not a slug: a slug is the file name without .md, lowercase letters and digits in words joined by single hyphens${hint}`;
  }
  if (extra.length > 0)
    return `unexpected argument ${JSON.stringify(extra[0])}: the command takes only <kind> and <slug>`;
  return undefined;
}
