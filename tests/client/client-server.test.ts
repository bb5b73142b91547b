/** The client against the real Node server over the test build. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type Fact } from '../../src/client/index.ts';
import { createMemoryQuota } from '../../src/lib/quota.ts';
import { allIds } from '../support/api.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { testSettings } from '../support/test-build.ts';

/** A fetch that records what the client asked for and what came back. */
function recordingFetch() {
  const calls: { url: string; init: RequestInit; redirected: boolean; finalUrl: string; status: number }[] = [];
  const wrapped: typeof fetch = async (input, init = {}) => {
    const response = await fetch(input, init);
    calls.push({
      url: String(input),
      init,
      redirected: response.redirected,
      finalUrl: response.url,
      status: response.status,
    });
    return response;
  };
  return { calls, fetch: wrapped };
}

async function collect(iterable: AsyncIterable<Fact>): Promise<Fact[]> {
  const out: Fact[] = [];
  for await (const fact of iterable) out.push(fact);
  return out;
}

let server: RunningServer;
let base = '';
beforeAll(async () => {
  server = await startSiteServer();
  base = `${server.origin}/api/v1`;
});
afterAll(() => server.close());

describe('client against the real server', () => {
  it('follows the first 307 and then sends po_live=1 directly, with Accept: application/json and no credentials', async () => {
    const recorder = recordingFetch();
    const client = createClient({ baseUrl: base, fetch: recorder.fetch });
    const catalogue = await client.catalogue();
    expect(catalogue.api_base).toBe(`${testSettings.SITE_URL}/api/v1`);
    await client.search({ q: 'permis', limit: 2 });
    await client.fact('fait-e895e5ca7dd9aa43');
    const [first, ...rest] = recorder.calls;
    expect(first!.url).toBe(`${base}/`);
    expect(first!.redirected).toBe(true);
    expect(first!.finalUrl).toBe(`${base}/?po_live=1`);
    expect(rest.map((c) => [c.url, c.redirected])).toEqual([
      [`${base}/facts?q=permis&limit=2&po_live=1`, false],
      [`${base}/facts/fait-e895e5ca7dd9aa43?po_live=1`, false],
    ]);
    for (const call of recorder.calls) {
      expect(call.init).toMatchObject({ method: 'GET', headers: { accept: 'application/json' }, credentials: 'omit' });
    }
  });

  it('walks the whole corpus, each record once, and fetches every record by id', async () => {
    const client = createClient({ baseUrl: base });
    const walked = await collect(client.walk());
    const ids = walked.map((f) => f.id);
    expect(ids).toEqual(await allIds());
    for (const id of ids) expect((await client.fact(id)).id).toBe(id);
  });

  it('walks a search with a small page size and finds the same records as one large page', async () => {
    const client = createClient({ baseUrl: base });
    const small = (await collect(client.walk({ q: 'permis', region: 'wallonie' }, { pageSize: 7 }))).map((f) => f.id);
    const large = await client.search({ q: 'permis', region: 'wallonie', limit: 50 });
    expect(small.length).toBe(large.total);
    expect(small.slice(0, large.results.length)).toEqual(large.results.map((f) => f.id));
  });

  it('rejects with typed errors carrying status, code and the server message', async () => {
    const client = createClient({ baseUrl: base });
    const notFound = await client.fact('fait-0000000000000000').catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({
      status: 404,
      code: 'record_not_found',
      message: 'no record has the id "fait-0000000000000000"; search again with /facts?q=',
    });
    const bad = await client.search({ limit: 500 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      message: 'limit must be an integer from 1 to 50, got "500"',
    });
    const badId = await client.fact('nope').catch((e: unknown) => e);
    expect(badId).toMatchObject({ status: 400, code: 'invalid_id' });
  });

  it('reads the whole corpus from the download in two requests (catalogue, file), the same records as the walk', async () => {
    const recorder = recordingFetch();
    const viaDownload = await createClient({ baseUrl: base, fetch: recorder.fetch, poLive: true }).readAll();
    expect(viaDownload.via).toBe('download');
    expect(recorder.calls.map((c) => [c.url, c.finalUrl, c.status])).toEqual([
      [`${base}/?po_live=1`, `${base}/?po_live=1`, 200],
      [`${base}/downloads/permis-facts.jsonl.gz?po_live=1`, `${server.origin}/downloads/permis-facts.jsonl.gz`, 200],
    ]);
    const walked = await createClient({ baseUrl: base }).readAll({ download: false });
    expect(walked.via).toBe('walk');
    expect(viaDownload.facts).toEqual(walked.facts);
    expect(viaDownload.facts.map((f) => f.id)).toEqual(await allIds());
  });

  it('reads the OpenAPI document', async () => {
    const document = await createClient({ baseUrl: base }).openapi();
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version: '1.2.0' } });
  });
});

describe('client under a low RATE_LIMIT_PER_MINUTE', () => {
  it('retries a 429 three times with the server Retry-After, then rejects with rate_limited', async () => {
    const limited = await startSiteServer({ RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const waits: number[] = [];
      const recorder = recordingFetch();
      const client = createClient({
        baseUrl: `${limited.origin}/api/v1`,
        fetch: recorder.fetch,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      await client.fact('fait-e895e5ca7dd9aa43'); // 307 then 200: the 2 allowed requests
      const error = await client.fact('fait-e895e5ca7dd9aa43').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(waits).toHaveLength(3);
      for (const ms of waits) expect(ms / 1000).toSatisfy((s: number) => Number.isInteger(s) && s >= 1 && s <= 60);
      expect(recorder.calls.filter((c) => c.status === 429)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('survives forced 429s: walks the corpus and fetches every record, waiting as told (fake clock)', async () => {
    let clock = 1_000_000;
    const limited = await startSiteServer({}, { quota: createMemoryQuota({ limit: 25, now: () => clock }) });
    try {
      const waits: number[] = [];
      const client = createClient({
        baseUrl: `${limited.origin}/api/v1`,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
      });
      const ids = (await collect(client.walk())).map((f) => f.id);
      expect(ids).toEqual(await allIds());
      for (const id of ids) expect((await client.fact(id)).id).toBe(id);
      // 411 records at 25 a minute: the client waited out many windows, each wait within 1..60 s.
      expect(waits.length).toBeGreaterThan(ids.length / 25 - 2);
      for (const ms of waits) expect(ms / 1000).toSatisfy((s: number) => Number.isInteger(s) && s >= 1 && s <= 60);
    } finally {
      await limited.close();
    }
  });

  it('waits a real short Retry-After and then succeeds', async () => {
    const limited = await startSiteServer({}, { quota: createMemoryQuota({ limit: 1, windowMs: 1500 }) });
    try {
      const retries: number[] = [];
      const client = createClient({
        baseUrl: `${limited.origin}/api/v1`,
        onRetry: ({ waitSeconds }) => retries.push(waitSeconds),
      });
      const started = Date.now();
      const fact = await client.fact('fait-e895e5ca7dd9aa43'); // the 307 uses the one allowed request; the follow gets 429
      expect(fact.id).toBe('fait-e895e5ca7dd9aa43');
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries[0]).toBeGreaterThanOrEqual(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(retries[0]! * 1000 - 50);
    } finally {
      await limited.close();
    }
  });
});
