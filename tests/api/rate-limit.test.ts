import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError, get, testHandler } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';

describe('rate limit', () => {
  it('answers 429 with Retry-After and an error body after 120 requests a minute', async () => {
    const api = testHandler({ quota: {} });
    for (let i = 0; i < 120; i++) expect((await get(api, '/api/v1/facts?po_live=1&limit=1')).status).toBe(200);
    const response = await get(api, '/api/v1/facts?po_live=1&limit=1');
    const retry = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retry) && retry >= 1 && retry <= 60).toBe(true);
    expect(await expectError(response, 429, 'rate_limited')).toBe(
      `more than the allowed requests per minute from this address; retry in ${retry} s`,
    );
  });

  it('counts every route, redirects, errors and prebuilt JSON included', async () => {
    const api = testHandler({ quota: { limit: 4 } });
    for (const path of [
      '/api/v1/facts',
      '/api/v1/nope',
      '/api/v1/openapi.json',
      '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1',
    ])
      await get(api, path);
    await expectError(await get(api, '/api/v1/openapi.json'), 429, 'rate_limited');
    await expectError(await get(api, '/api/v1/facts', { method: 'POST' }), 429, 'rate_limited');
  });

  it('counts each client address apart', async () => {
    const api = testHandler({ quota: { limit: 1 } });
    expect((await get(api, '/api/v1/openapi.json', {}, '198.51.100.1')).status).toBe(200);
    await expectError(await get(api, '/api/v1/openapi.json', {}, '198.51.100.1'), 429, 'rate_limited');
    expect((await get(api, '/api/v1/openapi.json', {}, '198.51.100.2')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const api = testHandler({ quota: { limit: 3 } });
    for (let i = 1; i <= 3; i++)
      expect((await get(api, '/api/v1/openapi.json', {}, `2001:db8:77:1::${i.toString(16)}`)).status).toBe(200);
    await expectError(await get(api, '/api/v1/openapi.json', {}, '2001:db8:77:1:ffff:1:2:3'), 429, 'rate_limited');
    expect((await get(api, '/api/v1/openapi.json', {}, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('counts every spelling of one address as one client', async () => {
    const api = testHandler({ quota: { limit: 2 } });
    expect((await get(api, '/api/v1/openapi.json', {}, '192.0.2.77')).status).toBe(200);
    expect((await get(api, '/api/v1/openapi.json', {}, '::ffff:192.0.2.77')).status).toBe(200);
    await expectError(await get(api, '/api/v1/openapi.json', {}, '::FFFF:c000:24d'), 429, 'rate_limited');
  });

  it('sends RateLimit-Policy and RateLimit on every answer, counting down, and exposes them through CORS', async () => {
    const api = testHandler({ quota: { limit: 6 } });
    const client = '198.51.100.60';
    const answers = [
      await get(api, '/api/v1/facts?po_live=1&limit=1', {}, client),
      await get(api, '/api/v1/facts', {}, client),
      await get(api, '/api/v1/nope', {}, client),
      await get(api, '/api/v1/openapi.json', { method: 'POST' }, client),
      await get(api, '/api/v1/facts?po_live=1&limit=abc', {}, client),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 307, 404, 405, 400]);
    answers.forEach((answer, i) => {
      expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=6;w=60');
      const match = /^"default";r=(\d+);t=(\d+)$/.exec(answer.headers.get('ratelimit') ?? '');
      expect(match, answer.headers.get('ratelimit') ?? 'no RateLimit').not.toBeNull();
      expect(Number(match![1])).toBe(5 - i);
      expect(Number(match![2])).toBeGreaterThanOrEqual(1);
      expect(Number(match![2])).toBeLessThanOrEqual(60);
      const exposed = (answer.headers.get('access-control-expose-headers') ?? '').split(',').map((name) => name.trim());
      expect(exposed).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']));
    });
    await get(api, '/api/v1/openapi.json', {}, client);
    const over = await get(api, '/api/v1/openapi.json', {}, client);
    expect(over.status).toBe(429);
    expect(over.headers.get('ratelimit')).toBe(`"default";r=0;t=${over.headers.get('retry-after')}`);
    expect(over.headers.get('ratelimit-policy')).toBe('"default";q=6;w=60');
  });

  it('keeps the RateLimit headers on a 304, with its own count', async () => {
    const api = testHandler({ quota: { limit: 10 } });
    const client = '198.51.100.61';
    const first = await get(api, '/api/v1/facts?po_live=1&limit=2', {}, client);
    const again = await get(
      api,
      '/api/v1/facts?po_live=1&limit=2',
      { headers: { 'if-none-match': first.headers.get('etag')! } },
      client,
    );
    expect(again.status).toBe(304);
    expect(again.headers.get('ratelimit-policy')).toBe('"default";q=10;w=60');
    expect(again.headers.get('ratelimit')).toMatch(/^"default";r=8;t=\d+$/);
    expect(first.headers.get('ratelimit')).toMatch(/^"default";r=9;t=\d+$/);
  });

  it('states the limit it enforces in the catalogue and openapi.json, not the build default', async () => {
    for (const limit of [7, 1_000_000]) {
      const api = testHandler({ quota: { limit } });
      const served = await get(api, '/api/v1/?po_live=1');
      expect(served.headers.get('ratelimit-policy')).toBe(`"default";q=${limit};w=60`);
      const catalogue = (await served.json()) as { limits: { rate: string } };
      expect(catalogue.limits.rate).toBe(
        `${limit} requests per minute per IP address, on every route, shared with the publisher’s MCP server; over it: 429 with Retry-After (1 to 60 seconds)`,
      );
      const doc = (await (await get(api, '/api/v1/openapi.json')).json()) as {
        info: { description: string };
        paths: Record<string, { get: { responses: Record<string, { description: string }> } }>;
      };
      expect(doc.info.description).toContain(
        `No authentication. ${limit} requests per minute per IP address on every route (429 with Retry-After past it). Data routes`,
      );
      expect(JSON.stringify(doc)).not.toMatch(/\b120 requests/);
      for (const [path, item] of Object.entries(doc.paths))
        expect(item.get.responses['429']?.description, path).toBe(
          `More than ${limit} requests a minute from this address (this API and the MCP server together)`,
        );
    }
  });

  it('serves the catalogue and openapi.json as built when it enforces the default 120', async () => {
    const api = testHandler({ quota: {} });
    expect(await (await get(api, '/api/v1/?po_live=1')).text()).toBe(
      await readFile(join(testSettings.DIST_DIR, 'api/v1/index.json'), 'utf8'),
    );
    const openapi = await (await get(api, '/api/v1/openapi.json')).text();
    expect(openapi).toBe(await readFile(join(testSettings.DIST_DIR, 'api/v1/openapi.json'), 'utf8'));
    expect(openapi).toContain('120 requests per minute per IP address on every route');
  });
});
