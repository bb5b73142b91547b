/** The sources checker against local servers: every kind of answer, politeness, Retry-After, the cache. */
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_SOURCES_DEFAULTS, checkAll, type CheckAllOptions } from '../../scripts/lib/sources/check-all.ts';
import { networkReason, retryAfterMs, type LinkResult } from '../../scripts/lib/sources/check-link.ts';
import type { LinkUse } from '../../scripts/lib/sources/extract-links.ts';
import { ResultCache } from '../../scripts/lib/sources/result-cache.ts';
import { startLinkServer, startSelfSignedServer, type LinkServer } from './link-server.ts';

let http: LinkServer;
let https: LinkServer;
beforeAll(async () => {
  [http, https] = await Promise.all([startLinkServer(), startSelfSignedServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), https.close()]);
});

const OPTIONS: CheckAllOptions = { ...CHECK_SOURCES_DEFAULTS, delayMs: 0, timeoutMs: 5000 };
const use = (url: string, line = 7): LinkUse => ({ url, file: 'content/records/a.md', line, field: 'sources[0].url' });
const newCache = async () => ResultCache.open(join(await mkdtemp(join(tmpdir(), 'permis-sources-')), 'sources.json'));

/** Checks `paths` of the HTTP server with no waiting: `waits` records each wait the checker asked for. */
async function check(paths: string[], options: Partial<CheckAllOptions> = {}, cache?: ResultCache) {
  const waits: number[] = [];
  const before = http.requests.length;
  const outcome = await checkAll(
    paths.map((p) => use(`${http.origin}${p}`)),
    { ...OPTIONS, ...options },
    {
      cache: cache ?? (await newCache()),
      sleep: async (ms) => void waits.push(ms),
      now: () => 1_700_000_000_000,
    },
  );
  const result = (path: string) => outcome.results.get(`${http.origin}${path}`)!;
  return { outcome, waits, result, sent: http.requests.slice(before) };
}
const strip = (r: LinkResult) => ({
  verdict: r.verdict,
  status: r.status,
  reason: r.reason,
  movedTo: r.movedTo?.replace(http.origin, ''),
  chain: r.chain.map((h) => `${h.method} ${h.url.replace(http.origin, '')} ${h.status}`),
});

describe('checking one link', () => {
  it('200 is ok, after a single HEAD', async () => {
    const { result, sent } = await check(['/ok']);
    expect(strip(result('/ok'))).toEqual({
      verdict: 'ok',
      status: 200,
      reason: undefined,
      movedTo: undefined,
      chain: ['HEAD /ok 200'],
    });
    expect(sent).toEqual([{ method: 'HEAD', path: '/ok' }]);
  });

  it('a chain of 301s is a permanent move, with the new address and every hop', async () => {
    const { result } = await check(['/chain/3']);
    expect(strip(result('/chain/3'))).toEqual({
      verdict: 'moved',
      status: 200,
      reason: undefined,
      movedTo: '/ok',
      chain: ['HEAD /chain/3 301', 'HEAD /chain/2 301', 'HEAD /chain/1 301', 'HEAD /ok 200'],
    });
  });

  it('a temporary redirect (302) is ok, not a move', async () => {
    const { result } = await check(['/temporary']);
    expect(result('/temporary').verdict).toBe('ok');
    expect(result('/temporary').chain).toHaveLength(2);
  });

  it('a redirect loop is dead, named as a loop', async () => {
    const { result } = await check(['/loop/a']);
    expect(strip(result('/loop/a'))).toMatchObject({
      verdict: 'dead',
      status: 301,
      reason: `redirect loop back to ${http.origin}/loop/a`,
    });
  });

  it('a chain longer than maxRedirects is dead', async () => {
    const { result } = await check(['/chain/3'], { maxRedirects: 2 });
    expect(strip(result('/chain/3'))).toMatchObject({ verdict: 'dead', reason: 'more than 2 redirects' });
  });

  it('404 and 410 are dead, after GET confirmed what HEAD said', async () => {
    const { result, sent } = await check(['/missing', '/gone']);
    expect(strip(result('/missing'))).toMatchObject({
      verdict: 'dead',
      status: 404,
      reason: 'HTTP 404',
      chain: ['HEAD /missing 404', 'GET /missing 404'],
    });
    expect(strip(result('/gone'))).toMatchObject({ verdict: 'dead', status: 410, reason: 'HTTP 410' });
    expect(sent.filter((r) => r.path === '/gone').map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('a refused HEAD (405) is asked again with GET, and the link is ok', async () => {
    const { result } = await check(['/no-head']);
    expect(strip(result('/no-head'))).toEqual({
      verdict: 'ok',
      status: 200,
      reason: undefined,
      movedTo: undefined,
      chain: ['HEAD /no-head 405', 'GET /no-head 200'],
    });
  });

  it('a host that never answers times out, is tried once more, then is dead', async () => {
    const { result, sent } = await check(['/hang'], { timeoutMs: 200 });
    expect(strip(result('/hang'))).toMatchObject({ verdict: 'dead', reason: 'timeout after 200 ms' });
    expect(sent.filter((r) => r.path === '/hang')).toHaveLength(2);
  });

  it('429 with Retry-After: the host is paused for the time asked, then the link is ok', async () => {
    const { result, waits, sent } = await check(['/busy']);
    expect(result('/busy').verdict).toBe('ok');
    expect(waits).toEqual([2000]);
    expect(sent.filter((r) => r.path === '/busy')).toHaveLength(2);
  });

  it('503 with Retry-After is retried the same way', async () => {
    const { result, waits } = await check(['/down']);
    expect(result('/down').verdict).toBe('ok');
    expect(waits).toEqual([1000]);
  });

  it('a Retry-After over the limit is not waited for, and a host that keeps answering 429 leaves the link unverified, not dead', async () => {
    const { result, waits } = await check(['/busy-long', '/always-busy'], { concurrency: 1 });
    expect(strip(result('/busy-long'))).toMatchObject({
      verdict: 'unverified',
      status: 429,
      reason: 'HTTP 429, Retry-After 3600 s over the 60 s limit',
    });
    expect(strip(result('/always-busy'))).toMatchObject({
      verdict: 'unverified',
      status: 429,
      reason: 'HTTP 429 after 3 retries',
    });
    // One pause per 429 of /always-busy, each the 1 s asked (the clock stands still here); none for the 3600 s.
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('a self-signed certificate is a TLS failure, hence dead', async () => {
    const outcome = await checkAll([use(`${https.origin}/ok`)], OPTIONS, { cache: await newCache() });
    const result = outcome.results.get(`${https.origin}/ok`)!;
    expect(result.verdict).toBe('dead');
    expect(result.reason).toMatch(
      /^TLS error \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID)\)$/,
    );
    // The handshake failed: the server never saw a request.
    expect(https.requests).toEqual([]);
  });
});

describe('network failures', () => {
  it('a closed port is refused, hence dead', async () => {
    const closed = await startLinkServer();
    await closed.close();
    const outcome = await checkAll([use(`${closed.origin}/ok`)], OPTIONS, { cache: await newCache() });
    expect(outcome.results.get(`${closed.origin}/ok`)).toMatchObject({
      verdict: 'dead',
      reason: 'connection refused (ECONNREFUSED)',
    });
  });

  it('names DNS and TLS failures from the codes undici gives, one address or several', () => {
    const failed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
    expect(networkReason(failed({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND x.invalid' }))).toEqual({
      reason: 'DNS: no such host (ENOTFOUND)',
      transient: false,
    });
    expect(networkReason(failed({ code: 'EAI_AGAIN' }))).toEqual({
      reason: 'DNS: lookup failed (EAI_AGAIN)',
      transient: true,
    });
    expect(networkReason(failed({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }))).toEqual({
      reason: 'TLS error (CERT_HAS_EXPIRED)',
      transient: false,
    });
    expect(
      networkReason(failed({ errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }], message: '' })),
    ).toEqual({ reason: 'connection refused (ECONNREFUSED)', transient: false });
    expect(networkReason(failed({ code: 'ECONNRESET', message: 'other side closed' }))).toEqual({
      reason: 'network error (ECONNRESET)',
      transient: true,
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('7', 0)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:30 GMT', 10_000)).toBe(20_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});

describe('politeness', () => {
  it('never sends more than perHost requests at a time to one host', async () => {
    let inFlight = 0;
    let most = 0;
    const pending: (() => void)[] = [];
    const urls = Array.from({ length: 7 }, (_, i) => `https://one.example/${i}`);
    let answered = 0;
    // Holds requests until perHost of them are in flight (or all that remain), so that a third would be seen.
    const fetch = (async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => {
        pending.push(resolve);
        if (pending.length === 2 || urls.length - answered === pending.length)
          for (const release of pending.splice(0)) release();
      });
      inFlight--;
      answered++;
      return new Response(null, { status: 200 });
    }) as typeof globalThis.fetch;
    const outcome = await checkAll(
      urls.map((u) => use(u)),
      { ...OPTIONS, perHost: 2, concurrency: 8 },
      { cache: await newCache(), fetch },
    );
    expect([...outcome.results.values()].every((r) => r.verdict === 'ok')).toBe(true);
    expect(most).toBe(2);
    expect(outcome.requests).toBe(7);
  });

  it('spaces the starts of requests to one host by the delay, and alternates hosts', async () => {
    const waits: number[] = [];
    const order: string[] = [];
    const fetch = (async (url: string) => {
      order.push(new URL(url).host);
      return new Response(null, { status: 200 });
    }) as typeof globalThis.fetch;
    const urls = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://b.example/1'];
    await checkAll(
      urls.map((u) => use(u)),
      { ...OPTIONS, delayMs: 1000, concurrency: 1 },
      { cache: await newCache(), fetch, sleep: async (ms) => void waits.push(ms), now: () => 0 },
    );
    expect(order).toEqual(['a.example', 'b.example', 'a.example', 'a.example']);
    expect(waits).toEqual([1000, 2000]);
  });
});

describe('the results cache', () => {
  it('a second run within the maximum age sends no request; past it, every link is checked again', async () => {
    const cache = await newCache();
    const paths = ['/ok', '/chain/3', '/missing'];
    const first = await check(paths, {}, cache);
    expect(first.outcome.requests).toBeGreaterThan(0);
    const second = await check(paths, {}, await ResultCache.open(cache.path));
    expect([second.outcome.requests, second.outcome.fromCache, second.sent]).toEqual([0, 3, []]);
    const byUrl = (results: Map<string, LinkResult>) =>
      Object.fromEntries([...results].map(([url, r]) => [url, strip(r)]));
    expect(byUrl(second.outcome.results)).toEqual(byUrl(first.outcome.results));
    const stale = await check(paths, { maxAgeMs: 0 }, await ResultCache.open(cache.path));
    expect(stale.outcome.fromCache).toBe(0);
    expect(stale.outcome.requests).toBe(first.outcome.requests);
  });

  it('an interrupted run loses no result: each is on disk before the next, and the next run checks only the rest', async () => {
    const cache = await newCache();
    const urls = ['/ok', '/temporary', '/no-head', '/gone'].map((p) => `${http.origin}${p}`);
    let done = 0;
    const crash = checkAll(
      urls.map((u) => use(u)),
      { ...OPTIONS, concurrency: 1 },
      {
        cache,
        onResult: ({ result }) => {
          if (++done === 2) throw new Error(`interrupted after ${result.url}`);
        },
      },
    );
    await expect(crash).rejects.toThrow('interrupted after');
    const onDisk = JSON.parse(await readFile(cache.path, 'utf8')) as { results: Record<string, LinkResult> };
    expect(Object.keys(onDisk.results)).toHaveLength(2);
    const again = await checkAll(
      urls.map((u) => use(u)),
      { ...OPTIONS, concurrency: 1 },
      { cache: await ResultCache.open(cache.path) },
    );
    expect(again.fromCache).toBe(2);
    expect([...again.results.keys()].sort()).toEqual([...urls].sort());
  });

  it('an unreadable cache file is reported and replaced, never trusted', async () => {
    const cache = await newCache();
    await import('node:fs/promises').then((fs) => fs.writeFile(cache.path, '{"version": 9'));
    const warnings: string[] = [];
    const reopened = await ResultCache.open(cache.path, (m) => warnings.push(m));
    expect(warnings).toEqual([
      `${cache.path}: unreadable cache (${errorOf('{"version": 9')}); every link is checked again`,
    ]);
    expect(reopened.get(`${http.origin}/ok`, Infinity, Date.now())).toBeUndefined();
  });
});

/** The message JSON.parse gives for `text`. */
function errorOf(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
