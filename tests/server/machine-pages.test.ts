/** Pages for machines and feeds, over HTTP: JSON-LD, Open Graph, the Atom feed, /fiches/ and the /api/ reference. */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJsonLd, SCHEMA_ORG_TYPE, siteJsonLd } from '../../src/lib/publish/json-ld.ts';
import { FEED } from '../../src/lib/publish/atom.ts';
import { buildOpenApi } from '../../src/lib/publish/openapi.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { allIds } from '../support/api.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { testSettings } from '../support/test-build.ts';

let server: RunningServer;
const text = async (path: string) => {
  const response = await fetch(`${server.origin}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};
const record = async (id: string) => (await (await fetch(`${server.origin}/api/v1/facts/${id}?po_live=1`)).json()) as Fact;
const jsonLdOf = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as { '@context': string; '@graph': Record<string, any>[] };
};
const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  server = await startSiteServer();
});
afterAll(() => server.close());

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
      expect(page).toMatchObject({ '@type': 'WebPage', url: fact.url, license: `${testSettings.SITE_URL}/reutilisation/`, isBasedOn: fact.sources.map((s) => ({ '@type': 'CreativeWork', name: s.label, url: s.url })) });
      expect(page!.creditText).toContain(fact.url);
      if (fact.modified_at) expect(page!.dateModified).toBe(fact.modified_at);
      if (fact.verified_at) expect(page!.lastReviewed).toBe(fact.verified_at);
      const expected = fact.kind === 'organization' ? ['Organization', 'GovernmentOrganization', 'DrivingSchool'] : [SCHEMA_ORG_TYPE[fact.kind]];
      expect(expected).toContain(entity!['@type']);
      expect(page!.mainEntity).toEqual({ '@id': entity!['@id'] });
    }
    expect([...seen].sort()).toEqual([...KINDS].sort());
  });

  it('types lessons as Course with a provider, offers as Offer with a price in EUR, people as Person', async () => {
    const byId = async (id: string) => jsonLdOf(await text(`/fiches/${id}/`))['@graph'][1]!;
    expect(await byId('page-ae3d20564f78d1f5')).toMatchObject({ '@type': 'Course', provider: { '@id': `${testSettings.SITE_URL}/#publisher` } });
    const offer = await record('offer-eac50d71e5361c97');
    expect(await byId(offer.id)).toMatchObject({ '@type': 'Offer', price: offer.offer_data!.price_eur, priceCurrency: 'EUR' });
    expect(await byId('person-2dbce6902266542d')).toMatchObject({ '@type': 'Person', disambiguatingDescription: expect.stringContaining('Exemple fictif') });
  });

  it('describes the site and its search on the home page', async () => {
    const doc = jsonLdOf(await text('/'));
    expect(doc).toEqual(siteJsonLd(testSettings.SITE_URL));
    expect(doc['@graph'][0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${testSettings.SITE_URL}/recherche/?q={search_term_string}` } } });
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

  it('every page links the Atom feed', async () => {
    for (const path of ['/', '/fiches/fait-e895e5ca7dd9aa43/', '/fiches/', '/types/fact/', '/regions/wallonie/', '/recherche/', '/api/', '/reutilisation/']) {
      expect(await text(path), path).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/atom\.xml">/);
    }
    const missing = await fetch(`${server.origin}/nope/`);
    expect(await missing.text()).toContain('type="application/atom+xml"');
  });
});

describe('the Atom feed', () => {
  const ATOM = 'http://www.w3.org/2005/Atom';
  const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const children = (node: Element, name: string) => Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ATOM && (n as Element).localName === name);
  const one = (node: Element, name: string) => {
    const found = children(node, name);
    expect(found, `exactly one atom:${name}`).toHaveLength(1);
    return found[0]!;
  };

  it('is well-formed Atom with the required feed and entry elements (RFC 4287)', async () => {
    const xml = await text(FEED.path);
    const errors: string[] = [];
    const doc = new DOMParser({ onError: (level, message) => { errors.push(`${level}: ${message}`); } }).parseFromString(xml, 'application/xml');
    expect(errors).toEqual([]);
    const feed = doc.documentElement!;
    expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, 'feed']);
    expect(one(feed, 'id').textContent).toBe(`${testSettings.SITE_URL}/atom.xml`);
    expect(one(feed, 'title').textContent).toBeTruthy();
    expect(one(feed, 'updated').textContent).toMatch(RFC3339);
    expect(one(one(feed, 'author'), 'name').textContent).toBe('permis-facts');
    expect(children(feed, 'link').find((l) => l.getAttribute('rel') === 'self')?.getAttribute('href')).toBe(`${testSettings.SITE_URL}/atom.xml`);

    const entries = children(feed, 'entry');
    expect(entries.length).toBe(Math.min(FEED.entries, (await allIds()).length));
    const ids = new Set<string>();
    let previous = Infinity;
    for (const entry of entries) {
      const id = one(entry, 'id').textContent!;
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      expect(one(entry, 'title').textContent).toBeTruthy();
      const updated = one(entry, 'updated').textContent!;
      expect(updated).toMatch(RFC3339);
      expect(Date.parse(updated)).toBeLessThanOrEqual(previous);
      previous = Date.parse(updated);
      const alternate = children(entry, 'link').filter((l) => l.getAttribute('rel') === 'alternate' && l.getAttribute('type') === 'text/html');
      expect(alternate.map((l) => l.getAttribute('href'))).toEqual([id]);
      const fact = await record(id.split('/').at(-2)!);
      expect(updated).toBe(fact.modified_at);
      expect(one(entry, 'title').textContent).toBe(fact.title);
    }
    expect(Date.parse(one(feed, 'updated').textContent!)).toBe(Date.parse(one(entries[0]!, 'updated').textContent!));
  });

  it('lists the most recently modified records: no record left out is newer than the last entry', async () => {
    const xml = await text(FEED.path);
    const listed = new Set([...xml.matchAll(/<id>[^<]*\/fiches\/([^/]+)\/<\/id>/g)].map((m) => m[1]));
    const oldestListed = Math.min(...[...xml.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((m) => Date.parse(m[1]!)));
    for (const id of await allIds()) {
      if (listed.has(id)) continue;
      const fact = await record(id);
      expect(Date.parse(fact.modified_at ?? '1970-01-01T00:00:00Z')).toBeLessThanOrEqual(oldestListed);
    }
  });
});

describe('/fiches/', () => {
  it('lists every record once across its pages, like the lists by kind', async () => {
    const found: string[] = [];
    let path: string | undefined = '/fiches/';
    while (path) {
      const html = await text(path);
      found.push(...[...html.matchAll(/href="\/fiches\/((?:[a-z]+-)+[a-f0-9]{16})\/"/g)].map((m) => m[1]!).filter((id, i, all) => all.indexOf(id) === i));
      path = /<a href="([^"]+)" rel="next">/.exec(html)?.[1];
    }
    expect(found.sort()).toEqual([...(await allIds())].sort());
  });
});

describe('the /api/ reference', () => {
  const doc = buildOpenApi(testSettings.SITE_URL) as any;

  it('lists every route, parameter, status and error code of the OpenAPI document, with a curl -L example per route', async () => {
    const html = await text('/api/');
    for (const [path, item] of Object.entries(doc.paths) as [string, any][]) {
      expect(html).toContain(`<code>GET ${path}</code>`);
      for (const parameter of item.get.parameters) expect(html).toContain(`<code>${parameter.name}</code>`);
      for (const status of Object.keys(item.get.responses)) expect(html).toContain(`<code>${status}</code>`);
      const example = new RegExp(`curl -L &quot;${testSettings.SITE_URL.replace(/[.]/g, '\\.')}/api/v1${path.replace('{id}', '[a-z-]+-[a-f0-9]{16}').replace(/[.]/g, '\\.')}[^&]*&quot;`);
      expect(html).toMatch(example);
    }
    for (const code of doc.components.schemas.Error.properties.error.properties.code.enum) expect(html).toContain(`<code>${code}</code>`);
    expect(html).toContain('<code>1 to 50</code>');
    expect(html).toContain('<code>at most 300 characters</code>');
  });

  it('is static and loads no third-party or inline script', async () => {
    const response = await fetch(`${server.origin}/api/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
      expect(tag).toMatch(/^<script type="module" src="\/[^/]/);
    }
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
  });
});
