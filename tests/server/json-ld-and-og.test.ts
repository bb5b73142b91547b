/** Record pages for machines, over HTTP: JSON-LD (schema.org) and Open Graph. */
import { describe, expect, it } from 'vitest';
import { recordJsonLd, SCHEMA_ORG_TYPE, siteJsonLd } from '../../src/lib/publish/json-ld.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import type { Downloads } from '../../src/lib/schema/downloads.ts';
import type { Catalogue } from '../../src/lib/schema/catalogue.ts';
import type { DownloadFile } from '../../src/lib/schema/downloads.ts';
import { allIds } from '../support/api.ts';
import { sitePages } from '../support/site-pages.ts';
import { testSettings } from '../support/test-build.ts';

const { text, record, origin } = sitePages();
const jsonLdOf = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as { '@context': string; '@graph': Record<string, any>[] };
};
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('JSON-LD on record pages', () => {
  it('gives every kind its schema.org type, and the page its dates, sources, license and attribution', async () => {
    const ids = await allIds();
    const seen = new Set<string>();
    for (const id of ids) {
      const fact = await record(id);
      if (seen.has(fact.kind)) continue;
      seen.add(fact.kind);
      const doc = jsonLdOf(await text(`/fiches/${id}/`));
      expect(doc).toEqual(recordJsonLd(fact, testSettings.SITE_URL));
      const [page, entity] = doc['@graph'];
      expect(doc['@context']).toBe('https://schema.org');
      expect(page).toMatchObject({
        '@type': 'WebPage',
        url: fact.url,
        license: `${testSettings.SITE_URL}/reutilisation/`,
        isBasedOn: fact.sources.map((s) => ({ '@type': 'CreativeWork', name: s.label, url: s.url })),
      });
      expect(page!.creditText).toContain(fact.url);
      if (fact.modified_at) expect(page!.dateModified).toBe(fact.modified_at);
      if (fact.verified_at) expect(page!.lastReviewed).toBe(fact.verified_at);
      const expected =
        fact.kind === 'organization'
          ? ['Organization', 'GovernmentOrganization', 'DrivingSchool']
          : [SCHEMA_ORG_TYPE[fact.kind]];
      expect(expected).toContain(entity!['@type']);
      expect(page!.mainEntity).toEqual({ '@id': entity!['@id'] });
    }
    expect([...seen].sort()).toEqual([...KINDS].sort());
  });

  it('types lessons as Course with a provider, offers as Offer with a price in EUR, people as Person', async () => {
    const byId = async (id: string) => jsonLdOf(await text(`/fiches/${id}/`))['@graph'][1]!;
    expect(await byId('page-ae3d20564f78d1f5')).toMatchObject({
      '@type': 'Course',
      provider: { '@id': `${testSettings.SITE_URL}/#publisher` },
    });
    const offer = await record('offer-eac50d71e5361c97');
    expect(await byId(offer.id)).toMatchObject({
      '@type': 'Offer',
      price: offer.offer_data!.price_eur,
      priceCurrency: 'EUR',
    });
    expect(await byId('person-2dbce6902266542d')).toMatchObject({
      '@type': 'Person',
      disambiguatingDescription: expect.stringContaining('Exemple fictif'),
    });
  });

  it('describes the site and its search on the home page', async () => {
    const doc = jsonLdOf(await text('/'));
    // The Dataset names the files this build wrote: the same sizes and checksums as the catalogue's downloads.
    const { downloads } = JSON.parse(await text('/api/v1/?po_live=1')) as Catalogue & { downloads: Downloads };
    const file = ({ bytes, sha256, records }: DownloadFile) => ({ bytes, sha256, records });
    expect(doc).toEqual(
      siteJsonLd(testSettings.SITE_URL, {
        jsonl: file(downloads.jsonl),
        csv: file(downloads.csv),
        builtAt: downloads.built_at,
      }),
    );
    const dataset = doc['@graph'].find((node) => node['@type'] === 'Dataset')!;
    expect(dataset.distribution.map((d: { contentUrl: string }) => d.contentUrl)).toEqual([
      `${testSettings.SITE_URL}/downloads/permis-facts.jsonl.gz`,
      `${testSettings.SITE_URL}/downloads/permis-facts.csv`,
    ]);
    expect(doc['@graph'][0]).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${testSettings.SITE_URL}/recherche/?q={search_term_string}` },
      },
    });
  });

  it('cannot be closed by record text: a title with </script> stays inside the JSON', async () => {
    const html = await text('/fiches/page-1138e51df19ae9a2/');
    const doc = jsonLdOf(html);
    expect(doc['@graph'][0]!.name).toContain('<script>window.__xss = 1</script>');
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(raw).not.toMatch(/[<>&]/);
  });
});

describe('Open Graph and alternate links', () => {
  it('record pages carry og:type article, title, description, url and the modification time', async () => {
    const fact = await record('fait-e895e5ca7dd9aa43');
    const html = await text(`/fiches/${fact.id}/`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:title')).toBe(fact.title.replace(/'/g, '&#39;'));
    expect(meta(html, 'og:url')).toBe(fact.url);
    expect(meta(html, 'og:description')).toBeTruthy();
    expect(meta(html, 'og:locale')).toBe('fr_BE');
    expect(meta(html, 'article:modified_time')).toBe(fact.modified_at);
    expect(html).toContain(`<link rel="alternate" type="application/json" href="/api/v1/facts/${fact.id}?po_live=1">`);
  });

  it('the page of an unknown address names no canonical address and asks not to be indexed; other pages name theirs', async () => {
    const missing = await fetch(`${origin()}/nope/`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).not.toContain('rel="canonical"');
    expect(meta(html, 'og:url')).toBeUndefined();
    expect(html).toContain('<meta name="robots" content="noindex">');
    const home = await text('/');
    expect(home).toContain(`<link rel="canonical" href="${testSettings.SITE_URL}/">`);
    expect(home).not.toContain('noindex');
  });

  it('every page links the Atom feed', async () => {
    for (const path of [
      '/',
      '/fiches/fait-e895e5ca7dd9aa43/',
      '/fiches/',
      '/types/fact/',
      '/regions/wallonie/',
      '/recherche/',
      '/api/',
      '/reutilisation/',
    ]) {
      expect(await text(path), path).toMatch(
        /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/atom\.xml">/,
      );
    }
    const missing = await fetch(`${origin()}/nope/`);
    expect(await missing.text()).toContain('type="application/atom+xml"');
  });
});
