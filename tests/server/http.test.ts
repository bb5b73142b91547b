import { builtIds } from '../support/search.ts';
import { spawn } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

let base = '';
const { server } = createSiteServer({ ...testSettings, RATE_LIMIT_PER_MINUTE: 1_000_000 });
beforeAll(
  () =>
    new Promise<void>((done) =>
      server.listen(0, '127.0.0.1', () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        done();
      }),
    ),
);
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A GET with exactly these headers (fetch cannot set Host), the whole body as bytes. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the Node server', () => {
  it('redirects to SITE_URL with po_live=1 whatever the Host header says, and following it gets the data', async () => {
    for (const host of [undefined, 'evil.example', 'evil.example:1234']) {
      const first = await rawGet('/api/v1/facts?q=permis', host ? { host } : {});
      expect(first.status).toBe(307);
      expect(first.headers.location).toBe(`${testSettings.SITE_URL}/api/v1/facts?q=permis&po_live=1`);
    }
    const location = new URL((await rawGet('/api/v1/facts?q=permis')).headers.location!);
    const followed = await fetch(`${base}${location.pathname}${location.search}`);
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('answers 400 for a query parameter whose percent-encoding is not UTF-8, naming it as sent', async () => {
    const answer = await rawGet('/api/v1/facts?q=th%E9orique&po_live=1');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
      error: { code: 'invalid_parameter', message: 'q must be UTF-8 percent-encoded, got "th%E9orique"' },
    });
  });

  it('writes compressed API answers with their Content-Length, and a 304 with neither body nor length', async () => {
    const path = '/api/v1/facts?po_live=1&q=permis';
    const plain = await rawGet(path);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const br = await rawGet(path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    const notModified = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers.etag).toBe(br.headers.etag);
  });

  it('sends 405 for POST on the API, with the JSON error body', async () => {
    const response = await fetch(`${base}/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  it('states RATE_LIMIT_PER_MINUTE, as RateLimit-Policy does, in the catalogue, openapi.json and /mcp instructions', async () => {
    const catalogue = await fetch(`${base}/api/v1/?po_live=1`);
    expect(catalogue.headers.get('ratelimit-policy')).toBe('"default";q=1000000;w=60');
    expect(((await catalogue.json()) as { limits: { rate: string } }).limits.rate).toBe(
      '1000000 requests per minute per IP address, on every route, shared with the publisher’s MCP server; over it: 429 with Retry-After (1 to 60 seconds)',
    );
    const openapi = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { info: { description: string } };
    expect(openapi.info.description).toContain(
      '1000000 requests per minute per IP address on every route (429 with Retry-After past it).',
    );
    expect(openapi.info.description).not.toContain('120 requests');
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    });
    const { result } = (await mcp.json()) as { result: { instructions: string } };
    expect(result.instructions).toContain(
      'The quota (1000000 requests a minute per address) is shared with the HTTP API.',
    );
  });

  it('serves record pages with the security headers', async () => {
    const response = await fetch(`${base}/fiches/fait-e895e5ca7dd9aa43/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 with the 404 page for an unknown page, and refuses paths that leave dist/', async () => {
    for (const path of ['/nope/', '/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });
});

describe('sitemap and robots', () => {
  it('serves robots.txt pointing to a sitemap index whose files list every record page', async () => {
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${testSettings.SITE_URL}/sitemap.xml`);
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toEqual(['/sitemap-0.xml']);
    const sitemap = await (await fetch(`${base}${files[0]}`)).text();
    const ids = await builtIds(async (path) => (await fetch(`${base}/${path}`)).text());
    for (const id of ids) expect(sitemap).toContain(`<loc>${testSettings.SITE_URL}/fiches/${id}/</loc>`);
    for (const path of ['/fiches/', '/themes/', '/themes/permis-etranger/'])
      expect(sitemap).toContain(`<loc>${testSettings.SITE_URL}${path}</loc>`);
  });
});

describe('static host headers', () => {
  it('the build writes _headers with the page security headers and the JSON type of per-record files', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const text = await readFile(join(testSettings.DIST_DIR, '_headers'), 'utf8');
    expect(text).toMatch(/^\/\*\n {2}content-security-policy: default-src 'self'; script-src 'self';/);
    expect(text).toContain('  x-content-type-options: nosniff');
    expect(text).toMatch(/\/api\/v1\/facts\/\*\n {2}content-type: application\/json; charset=utf-8\n/);
    expect(text).toMatch(/\/api\/v1\/\*\n {2}access-control-allow-origin: \*\n/);
    // The corpus downloads are read cross-origin by the client (readAll) as the API is.
    expect(text).toMatch(/\/downloads\/\*\n {2}access-control-allow-origin: \*\n/);
    expect(text.match(/access-control-allow-origin/g)).toHaveLength(3); // /api/v1/*, /search/* and /downloads/*, never twice for one path
  });
});

/** Runs `node scripts/start.ts` with `env` until it prints a line matching `until` or exits. */
function runStart(env: Record<string, string>, until: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => done({ code, output }));
  });
}

describe('npm start', () => {
  it('stops with a clear message on a bad setting', async () => {
    const { code, output } = await runStart({ PORT: 'abc', RATE_LIMIT_PER_MINUTE: 'many' }, /$^/);
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT="abc"');
    expect(output).toContain('RATE_LIMIT_PER_MINUTE="many"');
  });

  it('serves an existing current build without rebuilding and reports its readiness', async () => {
    const env = { ...testBuildEnv, PORT: '0', HOST: '127.0.0.1' };
    const { output } = await runStart(env, /ready in \d+ ms/);
    expect(output).not.toContain('Building the site first');
    expect(output).toMatch(/permis-facts: \d+ records, ready in \d+ ms on http:\/\/127\.0\.0\.1:\d+\//);
  });
});
