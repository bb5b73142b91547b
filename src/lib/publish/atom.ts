/** The Atom feed (RFC 4287) of the most recently modified records, served at /atom.xml. */
import type { Fact } from '../schema/fact.ts';
import { KIND_LABELS } from '../presentation/labels-fr.ts';
import { summarize } from '../records/summarize.ts';
import { recordJsonPath } from '../paths.ts';
import { DEMO_NOTICE_FR } from './catalogue.ts';
import { changesNewestFirst } from './changes.ts';
import { frenchDate } from '../presentation/labels-fr.ts';

/** Path of the feed, and how many entries it lists. */
export const FEED = { path: '/atom.xml', entries: 50, title: 'permis-facts : fiches récemment modifiées' } as const;

/**
 * The instant a record last changed, as RFC 3339: its modified_at, else its verified_at at midnight UTC,
 * else null (such a record is left out of the feed, which lists modifications).
 */
export function updatedAt(fact: Fact): string | null {
  if (fact.modified_at) return fact.modified_at;
  return fact.verified_at ? `${fact.verified_at}T00:00:00Z` : null;
}

/** Escapes text for XML content and attribute values. */
export function xmlEscape(text: string): string {
  return (
    text
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
      // Characters XML 1.0 forbids (C0 controls other than tab, newline, carriage return).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what the regex removes
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  );
}

/** The records the feed lists: most recently modified first (ties by id), at most FEED.entries. */
export function feedRecords(facts: readonly Fact[]): { fact: Fact; updated: string }[] {
  return facts
    .map((fact) => ({ fact, updated: updatedAt(fact) }))
    .filter((e): e is { fact: Fact; updated: string } => e.updated !== null)
    .sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated) || (a.fact.id < b.fact.id ? -1 : 1))
    .slice(0, FEED.entries);
}

/**
 * The record's change notes as the entry's content (escaped HTML, newest first); none when it has no notes. Feed
 * readers show content in place of the summary, so the summary is repeated before the notes.
 */
function changeContent(fact: Fact): string[] {
  const changes = changesNewestFirst(fact);
  if (changes.length === 0) return [];
  const items = changes
    .map((c) => `<li><time datetime="${c.date}">${xmlEscape(frenchDate(c.date))}</time> : ${xmlEscape(c.note)}</li>`)
    .join('');
  const html = `<p>${xmlEscape(summarize(fact.text))}</p><p>Modifications :</p><ul>${items}</ul>`;
  return [`    <content type="html">${xmlEscape(html)}</content>`];
}

/** The feed document for `facts` published at `siteUrl`; `generatedAt` dates an empty feed. */
export function buildAtomFeed(facts: readonly Fact[], siteUrl: string, generatedAt: Date): string {
  const entries = feedRecords(facts);
  const updated =
    entries.length > 0
      ? new Date(Math.max(...entries.map((e) => Date.parse(e.updated)))).toISOString()
      : generatedAt.toISOString();
  const e = xmlEscape;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">',
    `  <id>${e(`${siteUrl}${FEED.path}`)}</id>`,
    `  <title>${e(FEED.title)}</title>`,
    `  <subtitle>${e(`Les ${FEED.entries} fiches modifiées le plus récemment. ${DEMO_NOTICE_FR}`)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>permis-facts</name><uri>${e(`${siteUrl}/`)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${e(`${siteUrl}${FEED.path}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${e(`${siteUrl}/`)}"/>`,
    `  <rights>${e(`Réutilisation avec attribution visible et lien vers la fiche : ${siteUrl}/reutilisation/`)}</rights>`,
    `  <generator uri="${e(`${siteUrl}/api/`)}">permis-facts</generator>`,
    ...entries.flatMap(({ fact, updated: when }) => [
      '  <entry>',
      `    <id>${e(fact.url)}</id>`,
      `    <title>${e(fact.title)}</title>`,
      `    <updated>${when}</updated>`,
      `    <link rel="alternate" type="text/html" href="${e(fact.url)}"/>`,
      `    <link rel="alternate" type="application/json" href="${e(`${siteUrl}${recordJsonPath(fact.id)}?po_live=1`)}"/>`,
      `    <category term="${e(fact.kind)}" label="${e(KIND_LABELS[fact.kind].one)}"/>`,
      ...fact.regions.map((r) => `    <category term="${e(r)}" scheme="${e(`${siteUrl}/regions/`)}"/>`),
      `    <summary type="text">${e(summarize(fact.text))}</summary>`,
      ...changeContent(fact),
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}
