/** The API reference's reading of the OpenAPI document: where each parameter goes, and a location it cannot label. */
import { describe, expect, it } from 'vitest';
import { apiReference } from '../../src/lib/publish/api-reference.ts';

const docWith = (parameters: object[]) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  servers: [{ url: 'https://x.example/api/v1' }],
  paths: { '/facts': { get: { operationId: 'searchFacts', parameters, responses: {} } } },
});

describe('apiReference', () => {
  it('labels each of the four OpenAPI locations in French', () => {
    const ref = apiReference(
      docWith([
        { name: 'id', in: 'path', required: true },
        { name: 'q', in: 'query' },
        { name: 'If-None-Match', in: 'header' },
        { name: 'session', in: 'cookie' },
      ]),
      'fait-0',
    );
    expect(ref.routes[0]!.parameters.map((p) => [p.name, p.place])).toEqual([
      ['id', 'chemin'],
      ['q', 'requête'],
      ['If-None-Match', 'en-tête'],
      ['session', 'cookie'],
    ]);
  });

  it('stops on any other location, naming the route, the parameter and the value', () => {
    expect(() => apiReference(docWith([{ name: 'payload', in: 'body' }]), 'fait-0')).toThrow(
      'GET /facts: parameter payload: in must be one of path, query, header, cookie, got "body"',
    );
  });
});
