/** Keeps record text inert: raw HTML is shown as text and only safe link schemes survive rendering. */

/** Escapes every "<" so that no raw HTML in a record's markdown reaches the page. */
export function escapeRawHtml(markdown: string): string {
  return markdown.replace(/</g, '&lt;');
}

const SAFE_HREF = /^(?:https?:|mailto:|#|\/(?!\/))/i;

/** Drops href/src attributes whose scheme is not http(s), mailto, a fragment or a site path. */
export function dropUnsafeLinks(html: string): string {
  return html.replace(/\s(href|src)="([^"]*)"/gi, (attr, _name, value: string) => (SAFE_HREF.test(value.replace(/&#x?[0-9a-f]+;|\s/gi, '')) ? attr : ''));
}
