import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testSettings } from '../support/test-build.ts';
import { allIds, API_TARGET, expectError, get, ORIGIN, testHandler } from '../support/api.ts';

const api = testHandler();

describe('po_live redirect', () => {
  it.each(['/api/v1', '/api/v1/', '/api/v1/facts', '/api/v1/facts/fait-e895e5ca7dd9aa43'])(
    'answers 307 with po_live=1 added on %s',
    async (path) => {
      const response = await get(api, path);
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(`${ORIGIN}${path}?po_live=1`);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('keeps every other parameter, in order and as encoded', async () => {
    const response = await get(api, '/api/v1/facts?q=l%27examen+th%C3%A9orique&kind=fact&limit=5');
    expect(response.headers.get('location')).toBe(
      `${ORIGIN}/api/v1/facts?q=l%27examen+th%C3%A9orique&kind=fact&limit=5&po_live=1`,
    );
  });

  it('answers 400 for a po_live other than 1', async () => {
    expect(await expectError(await get(api, '/api/v1/facts?po_live=2'), 400, 'invalid_parameter')).toBe(
      'po_live must be 1, got "2"',
    );
    expect(await expectError(await get(api, '/api/v1/?po_live='), 400, 'invalid_parameter')).toBe(
      'po_live must be 1, got ""',
    );
  });

  it('answers 400 for a repeated po_live', async () => {
    expect(await expectError(await get(api, '/api/v1/facts?po_live=1&po_live=1'), 400, 'repeated_parameter')).toBe(
      'parameter "po_live" is given 2 times; give it once',
    );
  });

  it('serves openapi.json without redirecting', async () => {
    const response = await get(api, '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});

describe('canonical Location', () => {
  const canonical = testHandler({ siteUrl: 'https://permis.example/' });

  it('builds the 307 Location on siteUrl, whatever host the request names', async () => {
    for (const host of ['http://evil.example', 'https://permis.example:8443', 'http://127.0.0.1:9']) {
      const response = await canonical(new Request(`${host}/api/v1/facts?q=permis&limit=5`), {
        clientAddress: '203.0.113.1',
      });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe('https://permis.example/api/v1/facts?q=permis&limit=5&po_live=1');
    }
  });

  it('uses only the origin of siteUrl in the handler; a deployment refuses a SITE_URL with a path at start', async () => {
    const siteUrl = 'http://site.example:8080/some/path?x=1';
    if (API_TARGET === 'handler') {
      const withPath = testHandler({ siteUrl });
      expect((await get(withPath, '/api/v1/')).headers.get('location')).toBe(
        'http://site.example:8080/api/v1/?po_live=1',
      );
    } else if (API_TARGET !== 'deno' && API_TARGET !== 'bun') {
      // Edge functions (the worker, Netlify's, Vercel's) read their settings at their first request: they log the
      // refusal and answer 503, never from the path.
      await expectError(await get(testHandler({ siteUrl }), '/api/v1/'), 503, 'service_unavailable');
    } else {
      // The servers refuse it before serving (config.ts): the pages would be at the root, the API under the path.
      await expect(
        Promise.resolve()
          .then(() => testHandler({ siteUrl }))
          .then((target) => get(target, '/api/v1/')),
      ).rejects.toThrow(`SITE_URL="${siteUrl}": must be the site's origin alone`);
    }
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])(
    'refuses %s with 405 and Allow: GET',
    async (method) => {
      const response = await get(api, '/api/v1/facts?po_live=1', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
      if (method !== 'HEAD')
        expect(await expectError(response, 405, 'method_not_allowed')).toBe(`method ${method} is not allowed; use GET`);
    },
  );

  it('refuses a non-GET method on prebuilt routes too', async () => {
    for (const path of [
      '/api/v1/?po_live=1',
      '/api/v1/openapi.json',
      '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1',
    ]) {
      await expectError(await get(api, path, { method: 'POST' }), 405, 'method_not_allowed');
    }
  });
});

describe('routes', () => {
  it('serves the catalogue with the corpus size, limits, reuse terms and documentation links', async () => {
    const response = await get(api, '/api/v1/?po_live=1');
    expect(response.status).toBe(200);
    const catalogue = (await response.json()) as Record<string, any>;
    expect(catalogue.corpus.records).toBe((await allIds()).length);
    expect(catalogue.documentation.openapi).toBe(`${testSettings.SITE_URL}/api/v1/openapi.json`);
    expect(catalogue.limits.q_max_length).toBe(300);
    expect(catalogue.reuse.terms.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.notice).toMatch(/Demonstration content/);
  });

  it('answers 404 with a JSON error for an unknown path under /api/v1', async () => {
    for (const path of [
      '/api/v1/fact',
      '/api/v1/facts/',
      '/api/v1/facts/a/b',
      '/api/v1//facts',
      '/api/v1/index.json',
    ]) {
      expect(await expectError(await get(api, path), 404, 'route_not_found')).toMatch(/^no API route at "/);
    }
  });

  it('returns the record itself, identical to its static file', async () => {
    const id = 'fait-e895e5ca7dd9aa43';
    const response = await get(api, `/api/v1/facts/${id}?po_live=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(await readFile(join(testSettings.DIST_DIR, 'api/v1/facts', id), 'utf8'));
    expect(JSON.parse(text)).toMatchObject({ id, url: `${testSettings.SITE_URL}/fiches/${id}/` });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      await expectError(await get(api, '/api/v1/facts/fait-0000000000000000?po_live=1'), 404, 'record_not_found'),
    ).toBe('no record has the id "fait-0000000000000000"; search again with /facts?q=');
    expect(await expectError(await get(api, '/api/v1/facts/fait-XYZ?po_live=1'), 400, 'invalid_id')).toBe(
      'id must match ^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$, got "fait-XYZ"',
    );
    expect(await expectError(await get(api, '/api/v1/facts/%E0%A4%A?po_live=1'), 400, 'invalid_path')).toMatch(
      /not valid percent-encoding/,
    );
    expect(await expectError(await get(api, '/api/v1/facts/..%2Fopenapi.json?po_live=1'), 400, 'invalid_id')).toMatch(
      /got "..\/openapi.json"/,
    );
  });

  it('accepts a percent-encoded id', async () => {
    expect((await get(api, '/api/v1/facts/fait%2De895e5ca7dd9aa43?po_live=1')).status).toBe(200);
  });

  it('refuses parameters a route does not take', async () => {
    expect(
      await expectError(await get(api, '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1&q=x'), 400, 'unknown_parameter'),
    ).toBe('unknown parameter "q": /facts/{id} accepts po_live');
    expect(await expectError(await get(api, '/api/v1/?po_live=1&x=1'), 400, 'unknown_parameter')).toBe(
      'unknown parameter "x": / accepts po_live',
    );
  });
});

describe('CORS and headers', () => {
  it('sends Access-Control-Allow-Origin: * and exposes Retry-After on every response, never credentials', async () => {
    const responses = await Promise.all(
      ['/api/v1', '/api/v1/?po_live=1', '/api/v1/facts?po_live=1&limit=0', '/api/v1/nope', '/api/v1/openapi.json'].map(
        (p) => get(api, p),
      ),
    );
    responses.push(await get(api, '/api/v1/facts?po_live=1', { method: 'DELETE' }));
    for (const response of responses) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/\bRetry-After\b/);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });
});

describe('percent-encoding of parameters', () => {
  it.each([
    ['q=th%E9orique', 'q', 'th%E9orique'],
    ['q=permis%E9', 'q', 'permis%E9'],
    ['q=%C3', 'q', '%C3'],
    ['q=%', 'q', '%'],
    ['q=100%+permis', 'q', '100%+permis'],
    ['q=%ED%A0%80', 'q', '%ED%A0%80'],
    ['region=wallonie%FF', 'region', 'wallonie%FF'],
    ['limit=%3', 'limit', '%3'],
  ])('answers 400 for /facts?%s&po_live=1, naming the parameter and the value as sent', async (query, name, raw) => {
    const message = await expectError(await get(api, `/api/v1/facts?${query}&po_live=1`), 400, 'invalid_parameter');
    expect(message).toBe(`${name} must be UTF-8 percent-encoded, got ${JSON.stringify(raw)}`);
  });

  it('answers 400 for a badly encoded parameter name, on every route', async () => {
    for (const path of [
      '/api/v1/facts?th%E9=1&po_live=1',
      '/api/v1/?po_live=1&th%E9=1',
      '/api/v1/openapi.json?th%E9=1',
      '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1&th%E9=1',
      '/api/v1/downloads/permis-facts.csv?th%E9=1',
    ]) {
      expect(await expectError(await get(api, path), 400, 'invalid_parameter'), path).toBe(
        'parameter names must be UTF-8 percent-encoded, got "th%E9"',
      );
    }
  });

  it('answers 400 for a badly encoded po_live, naming it as sent', async () => {
    expect(await expectError(await get(api, '/api/v1/facts?po_live=%E9'), 400, 'invalid_parameter')).toBe(
      'po_live must be UTF-8 percent-encoded, got "%E9"',
    );
    expect(await expectError(await get(api, '/api/v1/openapi.json?po_live=%'), 400, 'invalid_parameter')).toBe(
      'po_live must be UTF-8 percent-encoded, got "%"',
    );
  });

  it('redirects first, keeping the value as sent, as it does for every other parameter error', async () => {
    const response = await get(api, '/api/v1/facts?q=th%E9orique');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/api/v1/facts?q=th%E9orique&po_live=1`);
    const followed = await api(new Request(response.headers.get('location')!), { clientAddress: '203.0.113.1' });
    expect(await expectError(followed, 400, 'invalid_parameter')).toBe(
      'q must be UTF-8 percent-encoded, got "th%E9orique"',
    );
  });

  it('reads well-encoded names and values as before: UTF-8, %25, + as a space, encoded names', async () => {
    const utf8 = await get(api, '/api/v1/facts?q=th%C3%A9orique&po_live=1');
    const raw = await get(api, '/api/v1/facts?q=théorique&po_live=1');
    const plain = await get(api, '/api/v1/facts?q=theorique&po_live=1');
    expect(utf8.status).toBe(200);
    const total = ((await utf8.json()) as { total: number }).total;
    expect(total).toBeGreaterThan(0);
    expect(((await raw.json()) as { total: number }).total).toBe(total);
    expect(((await plain.json()) as { total: number }).total).toBe(total);
    for (const path of [
      '/api/v1/facts?q=100%25&po_live=1',
      '/api/v1/facts?q=examen+th%C3%A9orique&po_live=1',
      '/api/v1/facts?%71=permis&po_live=%31',
    ]) {
      expect((await get(api, path)).status, path).toBe(200);
    }
  });
});
