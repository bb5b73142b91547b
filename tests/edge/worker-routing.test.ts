import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';
import { startTestEdge } from '../support/worker-target.ts';

let base: URL;
beforeAll(async () => {
  base = (await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '1000000' } })).url;
});
const call = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });

/** Headers whose values would be repeated if both _headers and the handler set them. */
function repeatedValues(response: Response): string[] {
  const repeated: string[] = [];
  response.headers.forEach((value, name) => {
    const parts = value.split(/,\s*/);
    if (new Set(parts).size !== parts.length) repeated.push(`${name}: ${value}`);
  });
  return repeated;
}

describe('the worker in front of the static assets', () => {
  it('never lets the assets layer answer a prebuilt API file: every record JSON and openapi.json get the handler rules', async () => {
    const ids = await readdir(join(testSettings.DIST_DIR, 'api/v1/facts'));
    expect(ids.length).toBeGreaterThan(400);
    for (const id of ids) {
      const path = `/api/v1/facts/${id}`;
      const redirect = await call(path);
      expect(redirect.status, path).toBe(307);
      expect(redirect.headers.get('location')).toBe(`${testSettings.SITE_URL}${path}?po_live=1`);
      await expectError(await call(path, { method: 'POST' }), 405, 'method_not_allowed');
    }
    const openapi = await call('/api/v1/openapi.json');
    expect(openapi.status).toBe(200);
    // The handler's caching rule, not the assets layer's; and no page CSP, which _headers puts on every asset.
    expect(openapi.headers.get('cache-control')).toBe('public, max-age=300');
    expect(openapi.headers.get('content-security-policy')).toBeNull();
    await expectError(await call('/api/v1/openapi.json', { method: 'POST' }), 405, 'method_not_allowed');
    await expectError(await call('/api/v1/openapi.json?po_live=2'), 400, 'invalid_parameter');
    // The catalogue's prebuilt file is an artefact, not a route (as on the Node server).
    await expectError(await call('/api/v1/index.json'), 404, 'route_not_found');
  });

  it("builds the 307 Location on the build's SITE_URL when no SITE_URL variable is set, whatever the Host", async () => {
    const { miniflare } = await startTestEdge();
    const response = await miniflare.dispatchFetch('http://elsewhere.example/api/v1/facts?q=permis', {
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${testSettings.SITE_URL}/api/v1/facts?q=permis&po_live=1`);
  });

  it('answers 405 to methods with a body without resetting the connection', async () => {
    const failures: string[] = [];
    for (let i = 0; i < 100; i++) {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        try {
          const response = await call('/api/v1/facts?po_live=1', {
            method,
            headers: { 'content-type': 'application/json' },
            body: '{"x":1}',
          });
          if (response.status !== 405) failures.push(`${method}: ${response.status}`);
          await response.arrayBuffer();
        } catch (error) {
          failures.push(
            `${method}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('sends each header once: Access-Control-Allow-Origin is exactly "*" on API answers and on CORS assets', async () => {
    const paths = [
      '/api/v1',
      '/api/v1/?po_live=1',
      '/api/v1/facts?po_live=1',
      '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1',
      '/api/v1/nope',
      '/api/v1/openapi.json',
      '/search/listing.json',
    ];
    const responses = await Promise.all(paths.map((path) => call(path)));
    responses.push(await call('/api/v1/facts', { method: 'DELETE' }));
    for (const response of responses) {
      expect(response.headers.get('access-control-allow-origin'), response.url).toBe('*');
      expect(repeatedValues(response), response.url).toEqual([]);
    }
  });

  it('serves the site from the assets, with the security headers of _headers and the 404 page', async () => {
    const page = await call('/fiches/fait-e895e5ca7dd9aa43/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(repeatedValues(page)).toEqual([]);
    const missing = await call('/nope/', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html');
  });
});

describe('the assets layer alone (a static host without the function)', () => {
  it('serves the per-record JSON with the JSON type and one Access-Control-Allow-Origin from _headers', async () => {
    const { url } = await startTestEdge({ assetsFirst: true });
    const response = await fetch(new URL('/api/v1/facts/fait-e895e5ca7dd9aa43', url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(repeatedValues(response)).toEqual([]);
  });
});

describe('what the assets layer does not publish', () => {
  it('keeps the build bookkeeping (.build-stamp.json, with local paths) out of the static assets', async () => {
    const { readFile } = await import('node:fs/promises');
    await readFile(join(testSettings.DIST_DIR, '.build-stamp.json')); // it is in dist/...
    const { url } = await startTestEdge();
    const response = await fetch(new URL('/.build-stamp.json', url));
    expect(response.status).toBe(404); // ...but not served
    expect(await response.text()).not.toContain('CONTENT_DIR');
  });
});
