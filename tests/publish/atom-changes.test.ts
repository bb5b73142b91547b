/** The Atom feed carries each change note of an entry, newest first, escaped; entries without notes have no content. */
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildAtomFeed } from '../../src/lib/publish/atom.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';

const fact = (id: string, extra: Partial<Fact> = {}): Fact => ({
  id,
  kind: 'fact',
  title: `Fiche ${id}`,
  regions: ['belgique'],
  sources: [],
  text: 'Le texte.',
  url: `https://permis.example/fiches/${id}/`,
  modified_at: '2026-10-02T09:00:00Z',
  ...extra,
});

describe('Atom feed and change notes', () => {
  it('gives each entry with changes an html content listing every note newest first', () => {
    const xml = buildAtomFeed(
      [
        fact('fait-0000000000000001', {
          changes: [
            { date: '2026-02-09', note: 'Ajout <b> & "guillemets"' },
            { date: '2026-10-02', note: 'Âge minimum du guide porté à 24 ans' },
          ],
        }),
        fact('fait-0000000000000002'),
      ],
      'https://permis.example',
      new Date('2026-11-01T00:00:00Z'),
    );
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const [withNotes, without] = Array.from(doc.getElementsByTagName('entry'));
    expect(withNotes!.getElementsByTagName('content')[0]!.textContent).toBe(
      '<p>Le texte.</p><p>Modifications :</p><ul><li><time datetime="2026-10-02">2 octobre 2026</time> : Âge minimum du guide porté à 24 ans</li>' +
        '<li><time datetime="2026-02-09">9 février 2026</time> : Ajout &lt;b&gt; &amp; &quot;guillemets&quot;</li></ul>',
    );
    expect(without!.getElementsByTagName('content')).toHaveLength(0);
  });
});
