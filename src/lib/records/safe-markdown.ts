/** Keeps record text inert: raw HTML is shown as text and only safe link schemes survive rendering. */

/**
 * Stands for "<" while markdown renders: a private-use character that markdown treats as plain text, so it stays
 * one character in text, code spans and code blocks alike, and `restoreLessThan` turns it into `&lt;` once.
 * Record files may not contain it (read-records refuses it).
 */
export const LESS_THAN = '\uE000';

/** Hides every "<" from the markdown renderer so that no raw HTML in a record's markdown reaches the page. */
export function escapeRawHtml(markdown: string): string {
  // Record files cannot contain the placeholder itself: reading them refuses it (see read-records.ts).
  return markdown.replaceAll('<', LESS_THAN);
}

/** Turns the placeholder back into `&lt;` in rendered HTML: readers see "<", once escaped, in text and code. */
export function restoreLessThan(html: string): string {
  return html.replaceAll(LESS_THAN, '&lt;');
}

const SAFE_HREF = /^(?:https?:|mailto:|#|\/(?!\/))/i;

/** Drops href/src attributes whose scheme is not http(s), mailto, a fragment or a site path. */
export function dropUnsafeLinks(html: string): string {
  return html.replace(/\s(href|src)="([^"]*)"/gi, (attr, _name, value: string) =>
    SAFE_HREF.test(value.replace(/&#x?[0-9a-f]+;|\s/gi, '')) ? attr : '',
  );
}
