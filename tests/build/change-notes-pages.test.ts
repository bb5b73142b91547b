/** Change notes as readers and clients see them: record page, « Dernières modifications », Atom feed, API and OpenAPI. */
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { sitePages } from '../support/site-pages.ts';
import { recordProblems } from '../../src/conformance/record-rules.ts';

const site = sitePages();
/** A demonstration record with two changes, one with a single change, one with none. */
const TWO = 'fait-fbd8c038f8e279f1';
const ONE = 'fait-ccf2f67329f116bd';
const NONE = 'fait-e895e5ca7dd9aa43';
/** A record with one change among the feed's most recently modified records. */
const IN_FEED = 'expertise-fait-8f818872fc0b7316';
const visible = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('change notes on the site', () => {
  it('a record page shows its latest change and, folded, its history newest first', async () => {
    const html = await site.text(`/fiches/${TWO}/`);
    expect(visible(html)).toContain(
      'Dernière modification le 2 octobre 2026 : Vérification du 25 septembre 2026 : seuil de 1 500 km inchangé',
    );
    const details = /<details>([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
    expect(visible(details)).toMatch(
      /^Historique des modifications \(2\) ?2 octobre 2026 : Vérification du 25 septembre 2026 : seuil de 1 500 km inchangé ?9 février 2026 : Modèle de journal de bord décrit ?$/,
    );
    expect(html).toContain('href="/modifications/"');
  });

  it('a record with one change shows it without a history; one without changes shows neither', async () => {
    const one = await site.text(`/fiches/${ONE}/`);
    expect(visible(one)).toContain(
      'Dernière modification le 2 octobre 2026 : Vérification du 1er octobre 2026 : âge minimum et examen pratique inchangés',
    );
    expect(one).not.toContain('<details>');
    const none = await site.text(`/fiches/${NONE}/`);
    expect(none).not.toContain('Dernière modification');
    expect(none).not.toContain('Historique des modifications');
  });

  it('« Dernières modifications » lists every change newest first, by day, on numbered pages', async () => {
    const first = await site.text('/modifications/');
    const second = await site.text('/modifications/2/');
    const days = (html: string) => [...html.matchAll(/<h2 id="jour-(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
    const all = [...days(first), ...days(second)];
    expect(all.length).toBeGreaterThan(5);
    // Newest first; a day cut by the page break appears at the end of one page and the start of the next.
    expect([...all].sort().reverse()).toEqual(all);
    expect(first).toContain('Dernières modifications (page 1 sur 2)');
    expect(first).toContain('rel="next"');
    const items = [...first.matchAll(/data-change="([^"]+)"/g)].map((m) => m[1]);
    expect(items).toHaveLength(30);
    expect(items).toContain(TWO);
    expect(visible(second)).toContain('Modèle de journal de bord décrit');
    expect(await site.text('/sitemap-0.xml')).toMatch(/<loc>[^<]+\/modifications\/<\/loc>/);
  });

  it("the Atom feed carries the notes of an entry's changes", async () => {
    const xml = await site.text('/atom.xml');
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const entries = Array.from(doc.getElementsByTagName('entry'));
    const entry = entries.find((e) => e.getElementsByTagName('id')[0]!.textContent!.includes(IN_FEED));
    expect(entry).toBeDefined();
    const content = entry!.getElementsByTagName('content')[0]!;
    expect(content.getAttribute('type')).toBe('html');
    expect(content.textContent).toContain(
      '<ul><li><time datetime="2026-10-11">11 octobre 2026</time> : Exemple de calcul de la masse maximale autorisée ajouté</li></ul>',
    );
  });
});

describe('change notes in the API (an extension the OpenAPI document describes)', () => {
  it('a record carries its changes, and the conformance rules accept it', async () => {
    const record = await site.record(TWO);
    expect(record.changes).toEqual([
      { date: '2026-02-09', note: 'Modèle de journal de bord décrit' },
      { date: '2026-10-02', note: 'Vérification du 25 septembre 2026 : seuil de 1 500 km inchangé' },
    ]);
    expect(recordProblems(record)).toEqual([]);
    expect('changes' in (await site.record(NONE))).toBe(false);
  });

  it('openapi.json describes the field as an optional extension of Fact', async () => {
    const doc = (await (await fetch(`${site.origin()}/api/v1/openapi.json?po_live=1`)).json()) as {
      components: { schemas: Record<string, any> };
    };
    const fact = doc.components.schemas.Fact;
    expect(fact.required).not.toContain('changes');
    const changes = fact.properties.changes;
    expect(changes.description).toMatch(/^Extension of this service/);
    expect(changes.type).toBe('array');
    const item = changes.items.$ref ? doc.components.schemas[changes.items.$ref.split('/').at(-1)] : changes.items;
    expect(item.required).toEqual(['date', 'note']);
    expect(item.properties.note.maxLength).toBe(200);
  });
});
