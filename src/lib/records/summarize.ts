/** Derives the short plain-text summary used when a record is listed as related. */

const MAX = 240;

/** Removes the commonest markdown syntax so that a summary reads as plain text. */
export function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first paragraph of `markdown` as plain text, cut at a word boundary to at most 240 characters. */
export function summarize(markdown: string): string {
  const first = markdown.split(/\n\s*\n/).map(markdownToPlain).find((p) => p.length > 0) ?? '';
  if (first.length <= MAX) return first;
  const cut = first.slice(0, MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
