/** The links and images of a record's text that its page could not serve: a record page no record has, an image from elsewhere. */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { ID_PATTERN } from '../schema/vocabulary.ts';

/** A link or image of the text that cannot work, at its line in the text (1 = the text's first line). */
export interface BodyLinkProblem {
  line: number;
  message: string;
}

/** A markdown node as far as this check reads it. */
interface Node {
  type: string;
  url?: string;
  position?: { start: { line: number } };
  children?: Node[];
}

/** Record pages: /fiches/<id>/ (paths.ts recordPagePath), with or without the last slash. */
const RECORD_PAGE = /^\/fiches\/([^/?#]+)\/?$/;

/**
 * Checks every link, image and link definition of `markdown` (CommonMark, as the page renders it): a link to a record
 * page on this site must name a record (`isRecord`), and an image must come from the site itself, since the pages'
 * security policy (img-src 'self' data:, security-headers.ts) blocks any other.
 */
export function bodyLinkProblems(
  markdown: string,
  siteUrl: string,
  isRecord: (id: string) => boolean,
): BodyLinkProblem[] {
  // Most texts hold no link: a link or image needs « ]( », a definition « ]: » (the parser would cost a 50,000-record build seconds).
  if (!/\]\s*[(:]/.test(markdown)) return [];
  const site = new URL(siteUrl).origin;
  const problems: BodyLinkProblem[] = [];
  const walk = (node: Node) => {
    const line = node.position?.start.line ?? 1;
    if (node.url !== undefined && URL.canParse(node.url, `${site}/`)) {
      const target = new URL(node.url, `${site}/`);
      const id = target.origin === site ? RECORD_PAGE.exec(target.pathname)?.[1] : undefined;
      if (id !== undefined && !(ID_PATTERN.test(id) && isRecord(id)))
        problems.push({ line, message: `links to a record page that no record has, ${JSON.stringify(node.url)}` });
      if (node.type === 'image' && target.origin !== site && target.protocol !== 'data:')
        problems.push({
          line,
          message: `shows an image from another site, which the pages' security policy blocks (img-src 'self'), ${JSON.stringify(node.url)}; link to it instead`,
        });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(fromMarkdown(markdown) as Node);
  return problems;
}
