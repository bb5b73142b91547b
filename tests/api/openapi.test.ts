import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { get, testHandler } from '../support/api.ts';
import { FactSchema } from '../../src/lib/schema/fact.ts';

const api = testHandler();
const document = async () => (await (await get(api, '/api/v1/openapi.json')).json()) as Record<string, any>;

describe('openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document, version 1.2.0', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('needs no authentication', async () => {
    expect((await document()).security).toEqual([]);
  });

  it('documents every /facts parameter with its constraints', async () => {
    const params = Object.fromEntries(
      ((await document()).paths['/facts'].get.parameters as any[]).map((p) => [p.name, p.schema]),
    );
    expect(params.q).toMatchObject({ type: 'string', maxLength: 300 });
    expect(params.region.enum).toEqual(['wallonie', 'bruxelles', 'flandre', 'belgique']);
    expect(params.kind.enum).toHaveLength(10);
    expect(params.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(params.offset).toMatchObject({ type: 'integer', minimum: 0, maximum: 10000, default: 0 });
    expect(params.po_live).toMatchObject({ const: '1' });
  });

  it('documents every status, the Location, Retry-After and Allow headers and the error body', async () => {
    const doc = await document();
    for (const path of ['/', '/facts', '/facts/{id}']) {
      const responses = doc.paths[path].get.responses;
      expect(Object.keys(responses).sort()).toEqual(['200', '304', '307', '400', '404', '405', '429', '503']);
      expect(responses['304'].description).toMatch(/only when the request carries If-None-Match/);
      expect(responses['200'].headers.ETag).toBeDefined();
      expect(responses['304'].headers.ETag).toBeDefined();
      expect(responses['200'].headers['Content-Encoding'].schema.enum).toEqual(['br', 'gzip']);
      expect(responses['307'].headers.Location).toBeDefined();
      expect(responses['429'].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1, maximum: 60 });
      expect(responses['405'].headers.Allow).toBeDefined();
      expect(responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('rate_limited');
    expect(doc.paths['/openapi.json'].get.responses['304']).toBeDefined();
    expect(doc.paths['/facts/{id}'].get.responses['200'].headers['Last-Modified']).toBeDefined();
    for (const path of ['/', '/facts', '/facts/{id}', '/openapi.json']) {
      expect(doc.paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['If-None-Match', 'Accept-Encoding']),
      );
    }
  });

  it('describes the Fact with the same fields as the zod schema', async () => {
    const fact = (await document()).components.schemas.Fact;
    expect(Object.keys(fact.properties).sort()).toEqual(Object.keys(FactSchema.shape).sort());
    expect(fact.required.sort()).toEqual(['id', 'kind', 'regions', 'sources', 'text', 'title', 'url']);
  });

  it('validates every published record against the Fact schema', async () => {
    const list = (await (await get(api, '/api/v1/facts?po_live=1&limit=50')).json()) as { results: unknown[] };
    for (const record of list.results) expect(FactSchema.safeParse(record).success).toBe(true);
  });
});
