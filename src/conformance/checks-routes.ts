/** Spec sections 4.1-4.4: the four routes, the po_live redirect, the OpenAPI document. */
import { expectPoLiveRedirect, type Check } from './check.ts';
import { excerpt, expect, isJsonType } from './context.ts';
import { KINDS, REGIONS } from '../lib/schema/vocabulary.ts';

const redirects = (path: string): Check => ({
  name: `GET ${path} without po_live answers 307 to the same URL with po_live=1, on the same domain`,
  async run(ctx) {
    const url = ctx.url(path);
    const answer = await ctx.request(url);
    expectPoLiveRedirect(answer, url);
    const followed = await ctx.request(new URL(answer.headers.get('location')!, url).href);
    expect(
      followed.status === 200,
      `following the 307 of ${path}: expected 200, got ${followed.status} ${excerpt(followed.text)}`,
    );
    return `Location: ${answer.headers.get('location')}`;
  },
});

/** Checks of the routes. */
export const routeChecks: Check[] = [
  redirects('/'),
  redirects('/facts?q=permis&limit=2'),
  {
    name: 'GET / with po_live=1 answers 200 with a JSON object (the catalogue)',
    async run(ctx) {
      const answer = await ctx.request(ctx.url('/?po_live=1'));
      expect(answer.status === 200, `expected 200, got ${answer.status}`);
      expect(
        isJsonType(answer.headers.get('content-type')),
        `expected application/json, got ${answer.headers.get('content-type')}`,
      );
      expect(
        answer.json && typeof answer.json === 'object' && !Array.isArray(answer.json),
        `expected a JSON object, got ${excerpt(answer.text)}`,
      );
    },
  },
  {
    name: 'GET /facts/{id} without po_live answers 307 with po_live=1 added',
    async run(ctx) {
      const page = await ctx.shared<{ results: { id: string }[] }>('/facts?limit=1');
      expect(page.results[0], 'the first page of /facts is empty: no record to fetch');
      const url = ctx.url(`/facts/${page.results[0].id}`);
      expectPoLiveRedirect(await ctx.request(url), url);
    },
  },
  {
    name: 'GET /openapi.json is OpenAPI 3.1.0 at version 1.2.0, describing the four routes with no security requirement',
    async run(ctx) {
      const doc = await ctx.followed<{
        openapi?: unknown;
        info?: { version?: unknown };
        paths?: Record<string, { get?: { security?: unknown[] } }>;
        security?: unknown[];
      }>('/openapi.json');
      expect(doc?.openapi === '3.1.0', `expected openapi "3.1.0", got ${JSON.stringify(doc?.openapi)}`);
      expect(doc.info?.version === '1.2.0', `expected info.version "1.2.0", got ${JSON.stringify(doc.info?.version)}`);
      for (const path of ['/', '/facts', '/facts/{id}', '/openapi.json'])
        expect(doc.paths?.[path]?.get, `paths["${path}"].get is missing`);
      expect(
        doc.security === undefined || (Array.isArray(doc.security) && doc.security.length === 0),
        `expected an empty security list, got ${JSON.stringify(doc.security)}`,
      );
      for (const [path, item] of Object.entries(doc.paths ?? {})) {
        const security = item.get?.security;
        expect(
          security === undefined || security.length === 0,
          `paths["${path}"].get.security is not empty: ${JSON.stringify(security)}`,
        );
      }
    },
  },
  {
    name: 'the OpenAPI document states the /facts parameters and their limits (q ≤ 300, region, kind, limit 1-50, offset 0-10000, po_live)',
    async run(ctx) {
      const doc = await ctx.followed<{
        paths: Record<
          string,
          { get: { parameters?: { name: string; in: string; schema?: Record<string, unknown> }[] } }
        >;
      }>('/openapi.json');
      const params = new Map((doc.paths['/facts']?.get.parameters ?? []).map((p) => [p.name, p]));
      const schema = (name: string) => {
        const p = params.get(name);
        expect(p && p.in === 'query', `/facts parameter ${name} is not documented as a query parameter`);
        return p.schema ?? {};
      };
      expect(schema('q').maxLength === 300, `q: expected maxLength 300, got ${JSON.stringify(schema('q').maxLength)}`);
      expect(
        sameSet(schema('region').enum, REGIONS),
        `region: expected the enum of the four regions, got ${JSON.stringify(schema('region').enum)}`,
      );
      expect(
        sameSet(schema('kind').enum, KINDS),
        `kind: expected the enum of the ten kinds, got ${JSON.stringify(schema('kind').enum)}`,
      );
      const limit = schema('limit');
      expect(
        limit.minimum === 1 && limit.maximum === 50 && limit.default === 10,
        `limit: expected minimum 1, maximum 50, default 10, got ${JSON.stringify(limit)}`,
      );
      const offset = schema('offset');
      expect(
        offset.minimum === 0 && offset.maximum === 10000 && offset.default === 0,
        `offset: expected minimum 0, maximum 10000, default 0, got ${JSON.stringify(offset)}`,
      );
      schema('po_live');
    },
  },
];

function sameSet(value: unknown, expected: readonly string[]): boolean {
  return Array.isArray(value) && value.length === expected.length && expected.every((v) => value.includes(v));
}
