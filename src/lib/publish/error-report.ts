/** The "Signaler une erreur sur cette fiche" link: the publisher's address, carrying the record's id, title and url. */

/** What the report link says about the record. */
export interface ReportedRecord {
  id: string;
  title: string;
  url: string;
}

const PLACEHOLDERS = /\{(id|title|url)\}/g;

/**
 * The link for one record, or undefined when no address is set (then no link is shown).
 * A mailto: address gets a subject and a body naming the record. An https form URL gets `{id}`, `{title}` and `{url}`
 * replaced where it has them (to fill a form's own fields), else `id`, `title` and `url` query parameters.
 */
export function errorReportHref(address: string | undefined, record: ReportedRecord): string | undefined {
  if (!address) return undefined;
  if (address.startsWith('mailto:')) {
    // RFC 6068: spaces and line breaks as %20 and %0D%0A, which URLSearchParams would write as "+".
    const subject = `Erreur sur la fiche ${record.id} : ${record.title}`;
    const body = `Fiche : ${record.title}\r\nIdentifiant : ${record.id}\r\nAdresse : ${record.url}\r\n\r\nL'erreur constatée (et, si possible, une source) :\r\n`;
    const joiner = address.includes('?') ? '&' : '?';
    return `${address}${joiner}subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  }
  if (/\{(id|title|url)\}/.test(address))
    return address.replace(PLACEHOLDERS, (_, name: keyof ReportedRecord) => encodeURIComponent(record[name]));
  const url = new URL(address);
  url.searchParams.set('id', record.id);
  url.searchParams.set('title', record.title);
  url.searchParams.set('url', record.url);
  return url.href;
}
