import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientHash } from '../../src/adapters/node/observability/client-hash.ts';
import { createLogger } from '../../src/adapters/node/observability/logger.ts';
import { createMetricsServer } from '../../src/adapters/node/observability/metrics-server.ts';
import { processMetricsText, serverMetrics, setBuild } from '../../src/adapters/node/observability/metrics.ts';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { createRedisQuota } from '../../src/adapters/quota/redis-quota.ts';
import { createRequestObserver } from '../../src/adapters/node/observability/request-observer.ts';
import { until } from '../support/processes.ts';
import { freePort, startRedis } from '../support/redis-server.ts';
import { testSettings } from '../support/test-build.ts';

/** A server over the test build, with its access log captured line by line. */
async function observedServer(
  overrides: { LOG_QUERIES?: '0' | '1'; quotaProblem?: () => string | null; limit?: number } = {},
) {
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()),
  });
  const log = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, sink);
  const settings = { ...testSettings, TRUST_PROXY: 2, RATE_LIMIT_PER_MINUTE: overrides.limit ?? 1_000_000 };
  const observe = createRequestObserver({
    log,
    metrics: serverMetrics(),
    logQueries: overrides.LOG_QUERIES === '1',
    clientHash: createClientHash(),
    trustProxy: 2,
    ipv6Prefix: 64,
  });
  const site = createSiteServer(settings, {
    observe,
    log: () => {},
    onBuild: (records, buildId) => setBuild(serverMetrics(), records, buildId, settings.SITE_URL),
    ...(overrides.quotaProblem ? { quotaProblem: overrides.quotaProblem } : {}),
  });
  await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return { site, base, lines, close: () => new Promise((done) => site.server.close(done)) };
}

/** Waits until `lines` holds `count` lines (the access line is written once the answer is sent). */
async function lineCount(lines: string[], count: number): Promise<void> {
  expect(await until(() => lines.length >= count, 30_000), lines.join('\n')).toBe(true);
}

describe('/healthz and /readyz', () => {
  let server: Awaited<ReturnType<typeof observedServer>>;
  beforeAll(async () => (server = await observedServer({ limit: 3 })));
  afterAll(() => server.close());

  it('/readyz answers 503 with a JSON reason before the data is loaded, /healthz 200 already', async () => {
    const health = await fetch(`${server.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await ready.json()).toEqual({
      error: { code: 'not_ready', message: 'the data is not loaded and verified yet' },
    });
  });

  it('/readyz answers 200 once the data is loaded, and neither route counts against the quota', async () => {
    expect((await server.site.warm()).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      expect((await fetch(`${server.base}/healthz?x=${i}`)).status).toBe(200);
    }
    const api = await fetch(`${server.base}/api/v1/openapi.json`);
    expect(api.status).toBe(200);
    expect(api.headers.get('ratelimit')).toMatch(/^"default";r=2;t=\d+$/);
  });
});

describe('methods on /healthz, /readyz and /metrics', () => {
  it('refuses any method but GET and HEAD on /healthz and /readyz with 405, Allow: GET, HEAD and a JSON error', async () => {
    const server = await observedServer();
    try {
      await server.site.warm();
      for (const path of ['/healthz', '/readyz', '/healthz?x=1'])
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
          const response = await fetch(`${server.base}${path}`, { method, ...(method === 'POST' && { body: 'x' }) });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get('allow')).toBe('GET, HEAD');
          expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(response.headers.get('cache-control')).toBe('no-store');
          expect(await response.json()).toEqual({
            error: {
              code: 'method_not_allowed',
              message: `method ${method} is not allowed on ${path.split('?')[0]}; use GET or HEAD`,
            },
          });
        }
      for (const path of ['/healthz', '/readyz']) {
        const head = await fetch(`${server.base}${path}`, { method: 'HEAD' });
        expect(head.status, path).toBe(200);
        expect(await head.text()).toBe('');
      }
    } finally {
      await server.close();
    }
  });

  it('refuses any method but GET and HEAD on /metrics with 405 and Allow: GET, HEAD', async () => {
    const metrics = createMetricsServer('metrics-token-for-tests', processMetricsText);
    await new Promise<void>((done) => metrics.listen(0, '127.0.0.1', done));
    try {
      const base = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
      const response = await fetch(`${base}/metrics`, { method: 'POST', body: 'x' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.json()).toEqual({
        error: { code: 'method_not_allowed', message: 'method POST is not allowed; use GET or HEAD' },
      });
    } finally {
      await new Promise((done) => metrics.close(done));
    }
  });
});

describe('/readyz with REDIS_URL', () => {
  it('answers 503 naming Redis while Redis does not answer, and 200 once it does', async () => {
    const port = await freePort();
    const limiter = createRedisQuota({ url: `redis://127.0.0.1:${port}`, limit: 120, log: () => {} });
    const server = await observedServer({ quotaProblem: () => limiter.problem() });
    try {
      await limiter.ready(300);
      await server.site.warm();
      const down = await fetch(`${server.base}/readyz`);
      expect(down.status).toBe(503);
      expect(((await down.json()) as { error: { message: string } }).error.message).toMatch(
        new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${port} is not connected`),
      );
      const redis = await startRedis(port);
      try {
        expect(await limiter.ready(5_000)).toBe(true);
        expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      } finally {
        await redis.stop();
      }
    } finally {
      await limiter.close();
      await server.close();
    }
  }, 30_000);
});

describe('access log', () => {
  const clients = ['203.0.113.77', '2001:db8:abcd:12::7', '[2001:DB8:ABCD:12::7]:443', '::ffff:198.51.100.9'];
  let server: Awaited<ReturnType<typeof observedServer>>;
  beforeAll(async () => {
    server = await observedServer();
    await server.site.warm();
  });
  afterAll(() => server.close());

  it('writes one JSON line per request with the documented fields, and never the client address', async () => {
    for (const client of clients) {
      // Two hops: the client, then a proxy in front of the trusted one; both are addresses and neither may appear.
      await fetch(`${server.base}/api/v1/facts?po_live=1&q=permis%20de%20conduire`, {
        headers: { 'x-forwarded-for': `${client}, 192.0.2.201`, 'accept-encoding': 'br' },
      });
      await fetch(`${server.base}/`, { headers: { 'x-forwarded-for': `${client}, 192.0.2.201` } });
    }
    await lineCount(server.lines, clients.length * 2);
    const entries = server.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining(['time', 'method', 'route', 'status', 'ms', 'bytes', 'cache', 'encoding', 'client']),
      );
      expect(entry.client).toMatch(/^[0-9a-f]{16}$/);
    }
    const search = entries.find((entry) => entry.route === '/api/v1/facts')!;
    expect(search).toMatchObject({ method: 'GET', status: 200, encoding: 'br' });
    expect(search.bytes as number).toBeGreaterThan(0);
    expect(entries.find((entry) => entry.route === 'page')).toMatchObject({ status: 200, path: '/' });
    const text = server.lines.join('\n');
    for (const hidden of [
      '203.0.113.77',
      '2001:db8',
      '2001:DB8',
      '198.51.100.9',
      '192.0.2.201',
      '127.0.0.1',
      'permis de conduire',
      'q=',
    ])
      expect(text).not.toContain(hidden);
    expect(entries.every((entry) => !('q' in entry))).toBe(true);
    // Every spelling of one IPv6 client (its /64) is one value, distinct from another client's.
    const byClient = clients.map((_, i) => entries[i * 2]!.client);
    expect(byClient[1]).toBe(byClient[2]);
    expect(new Set(byClient).size).toBe(3);
  });

  it('writes the search text only with LOG_QUERIES=1', async () => {
    const logged = await observedServer({ LOG_QUERIES: '1' });
    try {
      await fetch(`${logged.base}/api/v1/facts?po_live=1&q=permis%20de%20conduire`);
      await lineCount(logged.lines, 1);
      expect(JSON.parse(logged.lines[0]!)).toMatchObject({ route: '/api/v1/facts', q: 'permis de conduire' });
    } finally {
      await logged.close();
    }
  });

  it('hashes a client with a key that changes every day', () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const hash = createClientHash(undefined, () => now);
    const first = hash('203.0.113.77');
    now += 3 * 3600_000;
    expect(hash('203.0.113.77')).toBe(first);
    now += 24 * 3600_000;
    expect(hash('203.0.113.77')).not.toBe(first);
    expect(createClientHash()('203.0.113.77')).not.toBe(first);
  });
});

describe('/metrics', () => {
  const token = 'metrics-token-for-tests';
  let base = '';
  const server = createMetricsServer(token, processMetricsText);
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('refuses an anonymous client, or a wrong token, with a JSON 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-for-tests!' },
      { authorization: `Basic ${token}` },
    ]) {
      const refused = await fetch(`${base}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await refused.json()).toEqual({
        error: { code: 'unauthorized', message: 'the metrics need Authorization: Bearer <METRICS_TOKEN>' },
      });
    }
  });

  it('gives the series in the Prometheus text format to a client with the token', async () => {
    // Some traffic through an observed server first, so that each family has samples.
    const observed = await observedServer({ limit: 1 });
    await observed.site.warm();
    await fetch(`${observed.base}/api/v1/facts?po_live=1&q=permis`);
    await fetch(`${observed.base}/api/v1/facts?po_live=1&q=permis`);
    await observed.close();
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toMatch(/^permis_http_requests_total\{route="\/api\/v1\/facts",status="200"\} [1-9]/m);
    expect(text).toMatch(/^permis_http_requests_total\{route="\/api\/v1\/facts",status="429"\} [1-9]/m);
    expect(text).toMatch(/^permis_rate_limited_total\{route="\/api\/v1\/facts"\} [1-9]/m);
    expect(text).toMatch(/^permis_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/v1\/facts"\} \d/m);
    expect(text).toMatch(/^permis_cache_lookups_total\{cache="reply",outcome="miss"\} [1-9]/m);
    expect(text).toMatch(/^permis_search_duration_seconds_count [1-9]/m);
    expect(text).toMatch(/^permis_records_loaded [1-9]\d*/m);
    expect(text).toMatch(/^permis_build_info\{build_id="[^"]+",site_url="http:\/\/127\.0\.0\.1:\d+"\} 1/m);
    expect(text).toContain('# TYPE permis_mcp_tool_calls_total counter');
    expect(text).toContain('# TYPE permis_quota_fallback_total counter');
  });

  it('reports exactly the requests answered since the last scrape, the latency histogram counting the same', async () => {
    const scrape = async () =>
      await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const series = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    const requests = /^permis_http_requests_total\{route="\/healthz",status="200"\} (\d+)$/m;
    const latency = /^permis_http_request_duration_seconds_count\{route="\/healthz"\} (\d+)$/m;
    const observed = await observedServer();
    const before = await scrape();
    for (let i = 0; i < 37; i++) await (await fetch(`${observed.base}/healthz`)).arrayBuffer();
    await observed.close();
    const after = await scrape();
    expect(series(after, requests) - series(before, requests)).toBe(37);
    expect(series(after, latency) - series(before, latency)).toBe(37);
    // A second scrape with no request between reports the same counts (nothing is counted twice).
    const again = await scrape();
    expect(series(again, requests)).toBe(series(after, requests));
  });
});
