/** The service wired once (src/adapters/service.ts): one quota for /api/v1 and /mcp, other paths left to the host, one 503 answer. */
import { describe, expect, it } from 'vitest';
import { createService, unavailable } from '../../src/adapters/service.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { createMemoryQuota } from '../../src/lib/quota.ts';
import { testSettings } from '../support/test-build.ts';

const service = (limit: number) =>
  createService({
    read: readDist(testSettings.DIST_DIR),
    quota: createMemoryQuota({ limit }),
    siteUrl: testSettings.SITE_URL,
  });
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};
const mcpRequest = () =>
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(initialize),
  });

describe('the service factory', () => {
  it('counts /api/v1 and /mcp in one quota, and leaves every other path to the host', async () => {
    const run = service(2);
    expect((await run.fetch(new Request('http://localhost/api/v1/?po_live=1'), '192.0.2.7'))!.status).toBe(200);
    expect((await run.fetch(mcpRequest(), '192.0.2.7'))!.status).toBe(200);
    const refused = (await run.fetch(new Request('http://localhost/api/v1/?po_live=1'), '192.0.2.7'))!;
    expect(refused.status).toBe(429);
    expect(run.fetch(new Request('http://localhost/fiches/'), '192.0.2.7')).toBeNull();
    expect(run.fetch(new Request('http://localhost/api/v10'), '192.0.2.7')).toBeNull();
  });

  it('answers a near miss of /mcp (/mcp/, /MCP, a path under it) with a JSON 404 naming the endpoint, for any method, as /api/v1/facts/ gets 404', async () => {
    const run = service(1_000);
    for (const path of ['/mcp/', '/MCP', '/Mcp/', '/mcp//', '/mcp/sse']) {
      for (const method of ['POST', 'GET']) {
        const answer = (await run.fetch(
          new Request(`http://localhost${path}`, {
            method,
            ...(method === 'POST' && {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(initialize),
            }),
          }),
          '192.0.2.7',
        ))!;
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
        expect(await answer.json()).toEqual({
          error: {
            code: 'route_not_found',
            message: `no route at ${JSON.stringify(path)}; the MCP endpoint is /mcp, exactly (POST JSON-RPC messages to it)`,
          },
        });
      }
    }
    const api = (await run.fetch(new Request('http://localhost/api/v1/facts/?po_live=1'), '192.0.2.7'))!;
    expect([api.status, ((await api.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'route_not_found',
    ]);
    expect(run.fetch(new Request('http://localhost/mcpx'), '192.0.2.7')).toBeNull();
  });

  it('makes the MCP endpoint once, on first use', async () => {
    const run = service(10);
    const first = run.mcp();
    expect(run.mcp()).toBe(first);
    expect(typeof (await first)).toBe('function');
  });

  it('gives one 503 answer when a host cannot start it', async () => {
    const answer = unavailable();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('10');
    expect(await answer.json()).toEqual({
      error: { code: 'service_unavailable', message: 'the service cannot start; retry later' },
    });
  });
});
