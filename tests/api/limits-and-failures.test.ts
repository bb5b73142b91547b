import { describe, expect, it } from 'vitest';
import { createApiHandler, type ApiHandlerOptions } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { testSettings } from '../support/test-build.ts';
import { createMemoryQuota } from '../../src/lib/quota.ts';
import { expectError, get, testHandler } from '../support/api.ts';

// HTTP-level quota rules are in rate-limit.test.ts (run against the worker too); these inject handler options.
describe('rate limit', () => {
  it('limits per socket address, ignoring X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const api = testHandler({ quota: { limit: 1 } });
    await get(api, '/api/v1/openapi.json', { headers: { 'x-forwarded-for': '1.1.1.1' } }, '10.0.0.1');
    await expectError(
      await get(api, '/api/v1/openapi.json', { headers: { 'x-forwarded-for': '2.2.2.2' } }, '10.0.0.1'),
      429,
      'rate_limited',
    );
    expect((await get(api, '/api/v1/openapi.json', {}, '10.0.0.2')).status).toBe(200);

    const proxied = testHandler({ quota: { limit: 1 }, trustProxy: 1 });
    await get(proxied, '/api/v1/openapi.json', { headers: { 'x-forwarded-for': '1.1.1.1' } }, '10.0.0.1');
    expect(
      (await get(proxied, '/api/v1/openapi.json', { headers: { 'x-forwarded-for': '2.2.2.2' } }, '10.0.0.1')).status,
    ).toBe(200);
    await expectError(
      await get(proxied, '/api/v1/openapi.json', { headers: { 'x-forwarded-for': '9.9.9.9, 1.1.1.1' } }, '10.0.0.1'),
      429,
      'rate_limited',
    );
  });

  it('accepts a shared limiter instance', async () => {
    const limiter = createMemoryQuota({ limit: 1 });
    const a = testHandler({ quota: limiter });
    const b = testHandler({ quota: limiter });
    await get(a, '/api/v1/openapi.json');
    await expectError(await get(b, '/api/v1/openapi.json'), 429, 'rate_limited');
  });
});

describe('failures', () => {
  it('answers 503 with Retry-After when the data cannot be loaded, then recovers', async () => {
    let broken = true;
    const api = createApiHandler({
      read: async (path) => (broken ? null : path === 'api/v1/openapi.json' ? '{"openapi":"3.1.0"}' : null),
    });
    for (const path of ['/api/v1/facts?po_live=1', '/api/v1/?po_live=1', '/api/v1/openapi.json']) {
      const response = await get(api, path);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(await expectError(response, 503, 'service_unavailable')).toMatch(
        /^the service cannot load its data \(.+\); retry later$/,
      );
    }
    broken = false;
    expect((await get(api, '/api/v1/openapi.json')).status).toBe(200);
  });

  it('answers 503 when reading a record fails', async () => {
    const api = createApiHandler({
      read: async () => {
        throw new Error('EIO');
      },
    });
    await expectError(await get(api, '/api/v1/facts/fait-e895e5ca7dd9aa43?po_live=1'), 503, 'service_unavailable');
  });

  it('logs an unexpected error and answers a generic 503 JSON error', async () => {
    const logged: unknown[] = [];
    const api = createApiHandler({
      read: async (path) => (path.startsWith('search/') ? 'not json' : null),
      logError: (error) => logged.push(error),
    });
    const response = await get(api, '/api/v1/facts?po_live=1');
    expect(await expectError(response, 503, 'internal_error')).toBe(
      'an unexpected error occurred; it has been logged; retry later',
    );
    expect(logged).toHaveLength(1);
  });
});

describe('outside /api/v1', () => {
  it('answers a JSON 404 for a path an adapter should not have routed to the handler', async () => {
    const api = testHandler();
    for (const path of ['/api/v2/facts', '/elsewhere']) {
      expect(await expectError(await get(api, path), 404, 'route_not_found')).toMatch(/^no API route at "/);
    }
  });
});

describe('search file caches', () => {
  /** A handler over the test build that records which term files it reads; answers are not cached. */
  function counted(files?: NonNullable<ApiHandlerOptions['search']>['files']) {
    const reads: string[] = [];
    const read = readDist(testSettings.DIST_DIR);
    const api = createApiHandler({
      read: (path) => (path.startsWith('search/terms/') && reads.push(path), read(path)),
      quota: { limit: 1_000_000 },
      replyCache: { entries: 0, bytes: 0 },
      ...(files ? { search: { files } } : {}),
    });
    return { api, reads };
  }
  // The second query needs "examen" again, under another ranking key: only its cached postings spare a read.
  const queries = [
    '/api/v1/facts?po_live=1&q=examen',
    '/api/v1/facts?po_live=1&q=permis',
    '/api/v1/facts?po_live=1&q=examen%20permis',
  ];

  it('keeps decoded term files within the search files bound given to the handler (as the edge worker does)', async () => {
    const kept = counted();
    for (const path of queries) expect((await get(kept.api, path)).status).toBe(200);
    const tight = counted({ terms: { entries: 1, bytes: 1 } });
    for (const path of queries) expect((await get(tight.api, path)).status).toBe(200);
    expect(new Set(kept.reads).size).toBe(kept.reads.length);
    expect(tight.reads.length).toBeGreaterThan(kept.reads.length);
  });
});
