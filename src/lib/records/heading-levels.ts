/** Fits the headings of a record's rendered text under the page's h1, so that no level is skipped. */

const HEADING = /<h([1-6])(\s[^>]*)?>([\s\S]*?)<\/h\1>/g;

/**
 * Renumbers the headings of `html` (a record body rendered from markdown, placed under the page's h1):
 * the first heading becomes h`top`, and each later one keeps its depth relative to the others but never
 * goes more than one level deeper than the heading before it (axe's heading-order rule). Capped at h6.
 */
export function nestHeadings(html: string, top = 2): string {
  const levels = [...html.matchAll(HEADING)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shallowest = Math.min(...levels);
  let previous = top - 1;
  return html.replace(HEADING, (_all, level: string, attributes: string | undefined, inner: string) => {
    const wanted = Number(level) - shallowest + top;
    const fitted = Math.min(Math.max(top, Math.min(wanted, previous + 1)), 6);
    previous = fitted;
    return `<h${fitted}${attributes ?? ''}>${inner}</h${fitted}>`;
  });
}
