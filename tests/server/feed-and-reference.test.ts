/** Feeds and lists over HTTP: the Atom feed (parsed as XML), /fiches/ and the /api/ reference. */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { FEED } from '../../src/lib/publish/atom.ts';
import { buildOpenApi } from '../../src/lib/publish/openapi.ts';
import { allIds } from '../support/api.ts';
import { sitePages } from '../support/site-pages.ts';
import { testSettings } from '../support/test-build.ts';

const { text, record, origin } = sitePages();

describe('the Atom feed', () => {
  const ATOM = 'http://www.w3.org/2005/Atom';
  const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const children = (node: Element, name: string) =>
    Array.from(node.childNodes).filter(
      (n): n is Element =>
        n.nodeType === 1 && (n as Element).namespaceURI === ATOM && (n as Element).localName === name,
    );
  const one = (node: Element, name: string) => {
    const found = children(node, name);
    expect(found, `exactly one atom:${name}`).toHaveLength(1);
    return found[0]!;
  };

  it('is well-formed Atom with the required feed and entry elements (RFC 4287)', async () => {
    const xml = await text(FEED.path);
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, message) => {
        errors.push(`${level}: ${message}`);
      },
    }).parseFromString(xml, 'application/xml');
    expect(errors).toEqual([]);
    const feed = doc.documentElement!;
    expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, 'feed']);
    expect(one(feed, 'id').textContent).toBe(`${testSettings.SITE_URL}/atom.xml`);
    expect(one(feed, 'title').textContent).toBeTruthy();
    expect(one(feed, 'updated').textContent).toMatch(RFC3339);
    expect(one(one(feed, 'author'), 'name').textContent).toBe('permis-facts');
    expect(
      children(feed, 'link')
        .find((l) => l.getAttribute('rel') === 'self')
        ?.getAttribute('href'),
    ).toBe(`${testSettings.SITE_URL}/atom.xml`);

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
      const alternate = children(entry, 'link').filter(
        (l) => l.getAttribute('rel') === 'alternate' && l.getAttribute('type') === 'text/html',
      );
      expect(alternate.map((l) => l.getAttribute('href'))).toEqual([id]);
      const fact = await record(id.split('/').at(-2)!);
      expect(updated).toBe(fact.modified_at);
      expect(one(entry, 'title').textContent).toBe(fact.title);
    }
    expect(Date.parse(one(feed, 'updated').textContent!)).toBe(Date.parse(one(entries[0]!, 'updated').textContent!));
  });

  it('is served as application/atom+xml, and _headers says so to static hosts', async () => {
    const response = await fetch(`${origin()}${FEED.path}`);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const { readFile } = await import('node:fs/promises');
    const headers = await readFile(`${testSettings.DIST_DIR}/_headers`, 'utf8');
    expect(headers).toContain('\n/atom.xml\n  content-type: application/atom+xml; charset=utf-8\n');
  });

  it('lists the most recently modified records: no record left out is newer than the last entry', async () => {
    const xml = await text(FEED.path);
    const listed = new Set([...xml.matchAll(/<id>[^<]*\/fiches\/([^/]+)\/<\/id>/g)].map((m) => m[1]));
    const oldestListed = Math.min(
      ...[...xml.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((m) => Date.parse(m[1]!)),
    );
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
      found.push(
        ...[...html.matchAll(/href="\/fiches\/((?:[a-z]+-)+[a-f0-9]{16})\/"/g)]
          .map((m) => m[1]!)
          .filter((id, i, all) => all.indexOf(id) === i),
      );
      path = /<a href="([^"]+)" rel="next"/.exec(html)?.[1];
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
      const example = new RegExp(
        `curl -L &quot;${testSettings.SITE_URL.replace(/[.]/g, '\\.')}/api/v1${path.replace('{id}', '[a-z-]+-[a-f0-9]{16}').replace(/[.]/g, '\\.')}[^&]*&quot;`,
      );
      expect(html).toMatch(example);
    }
    for (const code of doc.components.schemas.Error.properties.error.properties.code.enum)
      expect(html).toContain(`<code>${code}</code>`);
    expect(html).toContain('<code>1 to 50</code>');
    expect(html).toContain('<code>at most 300 characters</code>');
  });

  it('tags each parameter with where it goes: a header parameter is « en-tête », never « requête »', async () => {
    const html = await text('/api/');
    const label = { path: 'chemin', query: 'requête', header: 'en-tête', cookie: 'cookie' } as Record<string, string>;
    const tags = (name: string) =>
      [...html.matchAll(new RegExp(`<code>${name}</code> <span class="api-tag"[^>]*>([^<]*)</span>`, 'g'))].map(
        (m) => m[1],
      );
    const places = new Set<string>();
    for (const item of Object.values(doc.paths) as any[])
      for (const parameter of item.get.parameters) {
        places.add(parameter.in);
        expect(tags(parameter.name), parameter.name).toContain(label[parameter.in]);
      }
    expect([...places].sort()).toEqual(['header', 'path', 'query']);
    expect(new Set(tags('If-None-Match'))).toEqual(new Set(['en-tête']));
    expect(new Set(tags('Accept-Encoding'))).toEqual(new Set(['en-tête']));
  });

  it('states the default quota as a default and says where the served figure is, since a build cannot know it', async () => {
    const html = await text('/api/');
    expect(html).toContain(
      "Un quota de requêtes par minute et par adresse IP, 120 par défaut : le chiffre qu'applique le serveur est dans le champ <code>limits.rate</code> du catalogue et dans l'en-tête <code>RateLimit-Policy</code> de chaque réponse",
    );
    expect(html).not.toMatch(/\b120 requêtes/);
  });

  it('presents the MCP server of the x-mcp extension: its address, the shared quota and every tool', async () => {
    const html = await text('/api/');
    expect(html).toContain('<h2 id="mcp">Serveur MCP (assistants)</h2>');
    expect(html).toContain(`<code>${doc['x-mcp'].url}</code>`);
    expect(html).toContain('<strong>même quota</strong>');
    for (const tool of doc['x-mcp'].tools) expect(html).toContain(`<code>${tool.name}</code>`);
  });

  it('is static and loads no third-party or inline script', async () => {
    const response = await fetch(`${origin()}/api/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
      expect(tag).toMatch(/^<script type="module" src="\/[^/]/);
    }
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
  });
});
