import { describe, expect, it } from 'vitest';
import { get, testHandler } from '../support/api.ts';
import { CatalogueSchema } from '../../src/lib/schema/catalogue.ts';
import { OpenApiDocumentSchema } from '../../src/lib/schema/openapi-document.ts';

const api = testHandler();
const body = async (path: string) => (await (await get(api, path)).json()) as Record<string, any>;

describe('the 200 bodies of the catalogue and of openapi.json', () => {
  it('are described by schemas of their own, referenced from their 200', async () => {
    const doc = await body('/api/v1/openapi.json');
    expect(doc.paths['/'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Catalogue',
    });
    expect(doc.paths['/openapi.json'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/OpenApiDocument',
    });
    expect(doc.components.schemas.Catalogue.required).toEqual(
      expect.arrayContaining(['name', 'endpoints', 'mcp', 'limits', 'reuse', 'corpus']),
    );
    expect(doc.components.schemas.Catalogue.properties.mcp).toEqual({ $ref: '#/components/schemas/McpDescription' });
    expect(doc.components.schemas.OpenApiDocument.required).toEqual(
      expect.arrayContaining(['openapi', 'info', 'paths', 'components', 'x-mcp']),
    );
  });

  it('match those schemas: the catalogue served parses with CatalogueSchema, the document with OpenApiDocumentSchema', async () => {
    const catalogue = CatalogueSchema.safeParse(await body('/api/v1/?po_live=1'));
    expect(catalogue.error?.issues ?? []).toEqual([]);
    const document = OpenApiDocumentSchema.safeParse(await body('/api/v1/openapi.json'));
    expect(document.error?.issues ?? []).toEqual([]);
  });

  it('a catalogue that breaks the schema is refused (the schema is strict enough to fail)', async () => {
    const catalogue = await body('/api/v1/?po_live=1');
    expect(CatalogueSchema.safeParse({ ...catalogue, corpus: { ...catalogue.corpus, records: 'many' } }).success).toBe(
      false,
    );
  });

  it('names the reuse terms as the license', async () => {
    const { info } = await body('/api/v1/openapi.json');
    expect(info.license).toEqual({
      name: 'permis-facts reuse terms',
      url: expect.stringMatching(/\/reutilisation\/$/),
    });
  });
});
