/**
 * This project's runtime entry (API_TARGET: deno, bun, netlify, vercel) as deployed: the API and /mcp always reach the
 * handler, even where the published folder holds a file of the same name, and every other path is the static site.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';
import { CLIENT_HEADER, type RuntimeKind, startRuntime } from '../support/runtime-target.ts';

const kind = process.env.API_TARGET as RuntimeKind;
let base: URL;
beforeAll(async () => {
  // No SITE_URL: the entry takes the build's, as the worker does.
  base = (await startRuntime(kind, { RATE_LIMIT_PER_MINUTE: '1000000' })).url;
});
const call = (path: string, init: RequestInit = {}, at = base) =>
  fetch(new URL(path, at), { redirect: 'manual', ...init });
const mcpCall = (body: unknown, headers: Record<string, string> = {}, at = base) =>
  call(
    '/mcp',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    },
    at,
  );
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'runtime-test', version: '1' } },
};

describe(`the ${kind} entry in front of the static site`, () => {
  it('never lets a prebuilt API file answer: every record JSON and openapi.json get the handler rules', async () => {
    const ids = (await readdir(join(testSettings.DIST_DIR, 'api/v1/facts'))).filter((name) => !/\.(br|gz)$/.test(name));
    expect(ids.length).toBeGreaterThan(400);
    for (const id of ids) {
      const path = `/api/v1/facts/${id}`;
      const redirect = await call(path);
      expect(redirect.status, path).toBe(307);
      // The build's SITE_URL, since the entry was given none.
      expect(redirect.headers.get('location')).toBe(`${testSettings.SITE_URL}${path}?po_live=1`);
    }
    await expectError(await call(`/api/v1/facts/${ids[0]}?po_live=1`, { method: 'POST' }), 405, 'method_not_allowed');
    const openapi = await call('/api/v1/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('cache-control')).toBe('public, max-age=300');
    await expectError(await call('/api/v1/openapi.json?po_live=2'), 400, 'invalid_parameter');
    // The catalogue's prebuilt file is an artefact, not a route (as on the Node server).
    await expectError(await call('/api/v1/index.json?po_live=1'), 404, 'route_not_found');
  });

  it('serves the pages, the files and the 404 page of the build', async () => {
    const home = await call('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toContain('<html');
    const search = await call('/search/manifest.json');
    expect(search.status).toBe(200);
    const missing = await call('/no-such-page/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html');
  });

  it('answers POST /mcp/ and a path under /mcp with the JSON 404 naming /mcp, not the static site', async () => {
    for (const path of ['/mcp/', '/mcp/sse']) {
      const answer = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(initialize),
      });
      await expectError(answer, 404, 'route_not_found');
    }
  });

  it('answers MCP on /mcp, in one quota with /api/v1', async () => {
    const response = await mcpCall(initialize);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBeTruthy();
    // Three requests a minute: two to the API, one to /mcp; the fourth, to the API, is refused.
    const limited = (await startRuntime(kind, { RATE_LIMIT_PER_MINUTE: '3', SITE_URL: testSettings.SITE_URL })).url;
    const client = { [CLIENT_HEADER[kind]]: '198.51.100.7' };
    expect((await call('/api/v1/facts?po_live=1', { headers: client }, limited)).status).toBe(200);
    expect((await call('/api/v1/facts?po_live=1', { headers: client }, limited)).status).toBe(200);
    expect((await mcpCall(initialize, client, limited)).status).toBe(200);
    await expectError(await call('/api/v1/facts?po_live=1', { headers: client }, limited), 429, 'rate_limited');
    // Another client still has its own quota.
    expect(
      (await call('/api/v1/facts?po_live=1', { headers: { [CLIENT_HEADER[kind]]: '198.51.100.8' } }, limited)).status,
    ).toBe(200);
  });
});

describe(`the ${kind} layout's headers`, () => {
  it("puts the build's page security headers on pages, and only the handler's headers, each once, on API answers", async () => {
    const home = await call('/');
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    // The static hosts apply _headers (CORS on the search files); deno and bun serve files as `npm start` does.
    if (kind === 'netlify' || kind === 'vercel')
      expect((await call('/search/manifest.json')).headers.get('access-control-allow-origin')).toBe('*');
    const api = await call('/api/v1/facts?po_live=1');
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBeNull();
  });
});
