import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEdgeHandler, isApiPath } from '../../src/adapters/web/edge.ts';
import { testSettings } from '../support/test-build.ts';

/** A stand-in for a host's static assets binding (e.g. Cloudflare's env.ASSETS): serves dist/ over fetch. */
async function assets(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  try {
    return new Response(await readFile(join(testSettings.DIST_DIR, decodeURIComponent(path))));
  } catch {
    return new Response('not found', { status: 404 });
  }
}

describe('the edge wrapper', () => {
  it('answers every rule from the static assets alone', async () => {
    const handle = createEdgeHandler({ fetchAsset: assets, trustProxy: 1 });
    const call = (path: string, init: RequestInit = {}, xff = '192.0.2.1') =>
      handle(new Request(`https://permis.example${path}`, { ...init, headers: { 'x-forwarded-for': xff } }), {
        clientAddress: '10.0.0.1',
      });

    const redirect = await call('/api/v1/facts?q=permis');
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toBe('https://permis.example/api/v1/facts?q=permis&po_live=1');
    const search = await call('/api/v1/facts?q=permis&po_live=1');
    expect(search.status).toBe(200);
    expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);
    expect((await call('/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1')).status).toBe(200);
    expect((await call('/api/v1/facts/fait-0000000000000000?po_live=1')).status).toBe(404);
    expect((await call('/api/v1/facts', { method: 'POST' })).status).toBe(405);
  });

  it('rate-limits by the address it is given', async () => {
    const handle = createEdgeHandler({ fetchAsset: assets });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push(
        (await handle(new Request('https://permis.example/api/v1/openapi.json'), { clientAddress: '192.0.2.9' }))
          .status,
      );
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(
      (await handle(new Request('https://permis.example/api/v1/openapi.json'), { clientAddress: '192.0.2.10' })).status,
    ).toBe(200);
  });

  it('answers 503 when an asset fetch fails', async () => {
    const handle = createEdgeHandler({ fetchAsset: async () => new Response('boom', { status: 500 }) });
    const response = await handle(new Request('https://permis.example/api/v1/facts?po_live=1'));
    expect(response.status).toBe(503);
  });

  it('routes /api/v1 and everything under it to the handler, nothing else', () => {
    for (const path of ['/api/v1', '/api/v1/', '/api/v1/facts', '/api/v1//x']) expect(isApiPath(path)).toBe(true);
    for (const path of ['/api', '/api/', '/api/v10', '/api/v1.json', '/', '/fiches/x/'])
      expect(isApiPath(path)).toBe(false);
  });
});
