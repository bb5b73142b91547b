/** GET /api/v1/downloads/{file}: one request against the quota, then a 307 to the static file; bad names are 4xx. */
import { describe, expect, it } from 'vitest';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { ARTEFACTS } from '../../src/lib/paths.ts';
import { expectError, get, testHandler } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';

const FILES = ['permis-facts.jsonl.gz', 'permis-facts.csv', 'datapackage.json', 'dcat.jsonld'];

describe('the download route', () => {
  it('answers 307 to the file on the same origin, with or without po_live, and without asking for po_live', async () => {
    const api = testHandler();
    for (const name of FILES) {
      for (const query of ['', '?po_live=1']) {
        const response = await get(api, `/api/v1/downloads/${name}${query}`);
        expect(response.status, name + query).toBe(307);
        expect(response.headers.get('location')).toBe(`/downloads/${name}`);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.json()).toEqual({
          redirect: `/downloads/${name}`,
          message: 'Follow this redirect to the file; this request counted once against the quota.',
        });
      }
    }
  });

  it('answers a path, never an address: neither siteUrl nor the Host of the request enters the Location', async () => {
    const canonical = testHandler({ siteUrl: 'https://permis.example/' });
    for (const host of ['http://evil.example', 'https://permis.example:8443', 'http://127.0.0.1:9']) {
      const response = await canonical(new Request(`${host}/api/v1/downloads/permis-facts.csv`), {
        clientAddress: '203.0.113.1',
      });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe('/downloads/permis-facts.csv');
      expect(new URL(response.headers.get('location')!, host).href).toBe(`${host}/downloads/permis-facts.csv`);
    }
  });

  it('refuses an unknown file, a nested path, a bad po_live and any other parameter, with the API error body', async () => {
    const api = testHandler();
    expect(await expectError(await get(api, '/api/v1/downloads/records.zip'), 404, 'route_not_found')).toBe(
      'no download is named "records.zip"; the files are permis-facts.jsonl.gz, permis-facts.csv, datapackage.json, dcat.jsonld (see downloads in /api/v1/)',
    );
    expect(await expectError(await get(api, '/api/v1/downloads/'), 404, 'route_not_found')).toContain(
      'no download is named ""',
    );
    await expectError(await get(api, '/api/v1/downloads/x/permis-facts.csv'), 404, 'route_not_found');
    expect(
      await expectError(await get(api, '/api/v1/downloads/permis-facts.csv?po_live=2'), 400, 'invalid_parameter'),
    ).toBe('po_live must be 1, got "2"');
    expect(
      await expectError(await get(api, '/api/v1/downloads/permis-facts.csv?format=xlsx'), 400, 'unknown_parameter'),
    ).toBe('unknown parameter "format": /downloads/{file} accepts po_live');
    await expectError(
      await get(api, '/api/v1/downloads/permis-facts.csv', { method: 'POST' }),
      405,
      'method_not_allowed',
    );
  });

  it('answers 404 on a build whose catalogue lists no downloads', async () => {
    const read = readDist(testSettings.DIST_DIR);
    const api = testHandler({
      read: async (path) => {
        const text = await read(path);
        if (path !== ARTEFACTS.catalogue || text === null) return text;
        const { downloads: _gone, ...older } = JSON.parse(text) as Record<string, unknown>;
        return JSON.stringify(older);
      },
    });
    expect(await expectError(await get(api, '/api/v1/downloads/permis-facts.jsonl.gz'), 404, 'route_not_found')).toBe(
      'this build wrote no downloads; read the records with GET /facts (see pagination in /api/v1/)',
    );
  });

  it('counts a download as exactly one request against the quota', async () => {
    const api = testHandler({ quota: { limit: 3 } });
    const left: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await get(api, '/api/v1/downloads/permis-facts.jsonl.gz');
      expect(response.status).toBe(307);
      left.push(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1] ?? '?');
    }
    expect(left).toEqual(['2', '1', '0']);
    await expectError(await get(api, '/api/v1/downloads/permis-facts.jsonl.gz'), 429, 'rate_limited');
  });
});
