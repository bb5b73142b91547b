import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, type RawAnswer } from '../support/raw-http.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { testSettings } from '../support/test-build.ts';

let port = 0;
let server: RunningServer;
// The test build's own SITE_URL, which redirects name.
beforeAll(async () => {
  server = await startSiteServer({ SITE_URL: testSettings.SITE_URL });
  port = Number(new URL(server.origin).port);
});
afterAll(() => server.close());

const send = (head: string, options?: Parameters<typeof rawExchange>[2]) =>
  rawExchange(port, [Buffer.from(head, 'utf8')], options);

/** Checks the API contract on an error answer and returns its error object. */
function apiError(answer: RawAnswer, status: number, code: string): { code: string; message: string } {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['access-control-expose-headers']).toContain('Retry-After');
  expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
  const { error } = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  return error;
}

describe('requests Node’s parser refuses, under /api/v1', () => {
  it('accepts raw UTF-8 in the query, as curl sends it, with the same answer as the percent-encoded form', async () => {
    const raw = await send('GET /api/v1/facts?q=théorique&limit=2&po_live=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    const encoded = await send('GET /api/v1/facts?q=th%C3%A9orique&limit=2&po_live=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(raw.status).toBe(200);
    expect(raw.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(raw.body)).toEqual(JSON.parse(encoded.body));
    expect((JSON.parse(raw.body) as { total: number }).total).toBeGreaterThan(0);
  });

  it('redirects a raw UTF-8 query without po_live to its percent-encoded form', async () => {
    const answer = await send('GET /api/v1/facts?q=théorique HTTP/1.1\r\nHost: example.test\r\n\r\n');
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${testSettings.SITE_URL}/api/v1/facts?q=th%C3%A9orique&po_live=1`);
  });

  it('answers a raw UTF-8 query it cannot read whole with a JSON 400 that says to percent-encode', async () => {
    const answer = await rawExchange(port, ['GET /api/v1/facts?q=thé', 'orique HTTP/1.1\r\nHost: x\r\n\r\n'], {
      gapMs: 100,
    });
    expect(apiError(answer, 400, 'malformed_request').message).toMatch(
      /raw non-ASCII characters .*percent-encode them, e\.g\. q=th%C3%A9orique/,
    );
  });

  it('answers an unknown method on an API path spelt with dot segments with the same JSON 405 and CORS', async () => {
    for (const target of [
      '/api/./v1/facts?po_live=1',
      '/api/v1/./facts',
      '/fiches/../api/v1/facts',
      '/api/%2e/v1/facts',
      '/x/%2E%2E/api/v1',
    ]) {
      const answer = await send(`FOO ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(apiError(answer, 405, 'method_not_allowed').message, target).toBe('method FOO is not allowed; use GET');
      expect(answer.headers.allow, target).toBe('GET');
    }
  });

  it('answers an unknown method with 405, Allow: GET and the JSON body', async () => {
    const answer = await send('FOO /api/v1/facts?q=permis HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(apiError(answer, 405, 'method_not_allowed').message).toBe('method FOO is not allowed; use GET');
    expect(answer.headers.allow).toBe('GET');
  });

  it('answers CONNECT with 405 and the JSON body instead of dropping the connection', async () => {
    const answer = await send('CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n');
    expect(apiError(answer, 405, 'method_not_allowed').message).toBe('method CONNECT is not allowed; use GET');
    expect(answer.headers.allow).toBe('GET');
  });

  it('answers headers over 16 KiB with a JSON 400, not 431', async () => {
    const answer = await send(`GET /api/v1/facts HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(apiError(answer, 400, 'headers_too_large').message).toBe(
      'the request line and headers exceed 16384 bytes; send fewer or shorter headers',
    );
  });

  it('answers a control character in the URL or a bad HTTP version with a JSON 400 naming the request line', async () => {
    const control = apiError(
      await send('GET /api/v1/facts?q=a\x01b HTTP/1.1\r\nHost: x\r\n\r\n'),
      400,
      'malformed_request',
    );
    expect(control.message).toMatch(
      /^the HTTP request cannot be parsed \(Invalid char in url query\), got request line "GET \/api\/v1\/facts\?q=a\\u0001b"/,
    );
    apiError(await send('GET /api/v1/ HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'malformed_request');
    apiError(await send('GET /api/v1/ HTTP/1.1\r\nBad Header\r\n\r\n'), 400, 'malformed_request');
  });

  it('answers a request line it cannot read at all with the JSON 400, the safe side', async () => {
    apiError(await send('\x16\x03\x01 hello\r\n\r\n'), 400, 'malformed_request');
  });

  it('answers a request without Host, with an empty Host, or with an unknown Expect, like any other', async () => {
    const noHost = await send(
      'GET /api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1 HTTP/1.1\r\nConnection: close\r\n\r\n',
    );
    expect(noHost.status).toBe(200);
    const emptyHost = await send(
      'GET /api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1 HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n',
    );
    expect(emptyHost.status).toBe(200); // an empty Host does not turn "/api/v1/..." into host "api", path "/v1/..."
    const expectation = await send(
      'GET /api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1 HTTP/1.1\r\nHost: x\r\nExpect: something\r\nConnection: close\r\n\r\n',
    );
    expect(expectation.status).toBe(200);
  });
});

describe('requests Node’s parser refuses, on pages', () => {
  it('answers an unknown method with the page 405 and its security headers', async () => {
    const answer = await send('FOO /fiches/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.body).toContain('non autorisée');
  });

  it('serves a page path with raw UTF-8 like its percent-encoded form (here, the 404 page)', async () => {
    const answer = await send('GET /fiches/théorique/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers oversized headers on a page with 431', async () => {
    expect((await send(`GET /fiches/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).status).toBe(431);
  });
});

describe('pages over HTTP', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await fetch(`http://127.0.0.1:${port}/fiches/fait-e895e5ca7dd9aa43/`, {
      headers: { 'accept-encoding': 'br' },
    });
    const head = await send(
      'HEAD /fiches/fait-e895e5ca7dd9aa43/ HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n',
    );
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    for (const name of [
      'etag',
      'content-encoding',
      'content-length',
      'vary',
      'last-modified',
      'content-security-policy',
    ])
      expect(head.headers[name], name).toBe(get.headers.get(name) ?? undefined);
  });

  it('answers POST on a page with 405, a body, nosniff and the page headers', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/fiches/`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toBe('Méthode "POST" non autorisée : les pages acceptent GET et HEAD.\n');
  });

  it('answers a conditional request for a page with 304', async () => {
    const first = await fetch(`http://127.0.0.1:${port}/`);
    const again = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
