/** The client's rules on answers the real server does not give on demand (fake fetch), its bundle and its package export. */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, parseRetryAfter, type Fact } from '../../src/client/index.ts';

const BASE = 'https://api.example/api/v1';
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const rateLimited = (retryAfter?: string) =>
  json(
    { error: { code: 'rate_limited', message: 'slow down' } },
    429,
    retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  );

/** A fetch answering from a list of responses, in order, and counting calls. */
function scripted(...responses: (Response | Error)[]) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(String(input));
    const next = responses.shift();
    if (!next) throw new Error('no more scripted responses');
    if (next instanceof Error) throw next;
    return next;
  };
  return { urls, fetch };
}

function fact(id: string): Fact {
  return {
    id,
    kind: 'fact',
    title: id,
    text: 't',
    url: `https://x.example/fiches/${id}/`,
    regions: ['belgique'],
    sources: [],
  };
}

describe('client retry rules', () => {
  it('gives up at once, without waiting, when Retry-After exceeds 60 s', async () => {
    const waits: number[] = [];
    const { fetch, urls } = scripted(rateLimited('61'));
    const error = await createClient({
      baseUrl: BASE,
      fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
    })
      .catalogue()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 61 });
    expect(waits).toEqual([]);
    expect(urls).toHaveLength(1);
  });

  it('waits exactly 60 s when asked (the bound is inclusive)', async () => {
    const waits: number[] = [];
    const { fetch } = scripted(rateLimited('60'), json({ ok: 1 }));
    await createClient({
      baseUrl: BASE,
      fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
    }).catalogue();
    expect(waits).toEqual([60_000]);
  });

  it('retries a 503 after its Retry-After, and a 429 without Retry-After after 1, 2, 4 s', async () => {
    const waits: number[] = [];
    const unavailable = json({ error: { code: 'service_unavailable', message: 'later' } }, 503, {
      'retry-after': '10',
    });
    const { fetch } = scripted(unavailable, rateLimited(), rateLimited(), json({ name: 'ok' }));
    const client = createClient({
      baseUrl: BASE,
      fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(client.catalogue()).resolves.toEqual({ name: 'ok' });
    expect(waits).toEqual([10_000, 2_000, 4_000]);
  });

  it('does not retry a 400, 404 or 405', async () => {
    for (const status of [400, 404, 405]) {
      const { fetch, urls } = scripted(
        json({ error: { code: 'x', message: `m${status}` } }, status, { 'retry-after': '1' }),
      );
      await expect(createClient({ baseUrl: BASE, fetch, sleep: async () => {} }).catalogue()).rejects.toMatchObject({
        status,
        message: `m${status}`,
      });
      expect(urls).toHaveLength(1);
    }
  });

  it('honours a lower maxRetries', async () => {
    const { fetch, urls } = scripted(rateLimited('1'), rateLimited('1'));
    await expect(
      createClient({ baseUrl: BASE, fetch, maxRetries: 1, sleep: async () => {} }).catalogue(),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    expect(urls).toHaveLength(2);
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores junk', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('client errors', () => {
  it('reports a network failure as network_error with status 0', async () => {
    const { fetch } = scripted(new TypeError('fetch failed'));
    await expect(createClient({ baseUrl: BASE, fetch }).catalogue()).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: `no answer from ${BASE}/: fetch failed`,
    });
  });

  it('reports an answer that is not the API JSON as unexpected_response', async () => {
    const { fetch } = scripted(
      new Response('<h1>Bad gateway</h1>', { status: 502 }),
      new Response('not json', { status: 200 }),
    );
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(client.catalogue()).rejects.toMatchObject({ status: 502, code: 'unexpected_response' });
    await expect(client.catalogue()).rejects.toMatchObject({ status: 200, code: 'unexpected_response' });
  });

  it('refuses a redirect to another domain', async () => {
    const moved = Object.defineProperties(json({}), {
      redirected: { value: true },
      url: { value: 'https://elsewhere.example/api/v1/?po_live=1' },
    });
    const { fetch } = scripted(moved);
    await expect(createClient({ baseUrl: BASE, fetch }).catalogue()).rejects.toMatchObject({
      code: 'unexpected_response',
      message: 'redirected to another domain: https://elsewhere.example/api/v1/?po_live=1',
    });
  });

  it('is an Error subclass usable with instanceof', () => {
    const error = new ApiError(404, 'record_not_found', 'no', 'u');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
  });
});

describe('client walk', () => {
  it('advances by the results read, deduplicates by id and stops at an empty page', async () => {
    // A record inserted during the walk shifts page 2 by one: fait-…2 comes back; the server then runs dry early.
    const page = (ids: string[], offset: number) => json({ results: ids.map(fact), total: 6, limit: 2, offset });
    const { fetch, urls } = scripted(page(['fait-1', 'fait-2'], 0), page(['fait-2', 'fait-3'], 2), page([], 4));
    const ids: string[] = [];
    for await (const f of createClient({ baseUrl: BASE, fetch }).walk({ kind: 'fact' }, { pageSize: 2 }))
      ids.push(f.id);
    expect(ids).toEqual(['fait-1', 'fait-2', 'fait-3']);
    expect(urls.map((u) => new URL(u).search)).toEqual([
      '?kind=fact&limit=2&offset=0',
      '?kind=fact&limit=2&offset=2',
      '?kind=fact&limit=2&offset=4',
    ]);
  });

  it('stops when the offset reaches total, without asking for an empty page', async () => {
    const { fetch, urls } = scripted(
      json({ results: [fact('fait-1'), fact('fait-2')], total: 2, limit: 2, offset: 0 }),
    );
    const ids: string[] = [];
    for await (const f of createClient({ baseUrl: BASE, fetch }).walk({}, { pageSize: 2 })) ids.push(f.id);
    expect(ids).toEqual(['fait-1', 'fait-2']);
    expect(urls).toHaveLength(1);
  });

  it('rejects with offset_limit after the last reachable page of a result set past offset 10000', async () => {
    const answers: Response[] = [];
    for (let offset = 0; offset <= 10_000; offset += 50) {
      answers.push(
        json({
          results: Array.from({ length: 50 }, (_, i) => fact(`f${offset + i}`)),
          total: 20_000,
          limit: 50,
          offset,
        }),
      );
    }
    const { fetch, urls } = scripted(...answers);
    let count = 0;
    const error = await (async () => {
      for await (const _ of createClient({ baseUrl: BASE, fetch }).walk()) count += 1;
    })().catch((e: unknown) => e);
    expect(count).toBe(10_050);
    expect(new URL(urls.at(-1)!).searchParams.get('offset')).toBe('10000');
    expect(error).toMatchObject({
      code: 'offset_limit',
      message:
        'the search matches 20000 records but offsets above 10000 are not accepted; 10050 were read; narrow the search (q, kind, region)',
    });
  });
});

describe('client readAll and download', () => {
  const facts = [fact('fait-1'), fact('fait-2'), fact('fait-3')];
  const gz = gzipSync(facts.map((f) => `${JSON.stringify(f)}\n`).join(''));
  const sha = createHash('sha256').update(gz).digest('hex');
  const catalogue = (over: Record<string, unknown> = {}) =>
    json({
      name: 'permis-facts',
      downloads: {
        jsonl: {
          name: 'permis-facts.jsonl.gz',
          url: 'https://canonical.example/api/v1/downloads/permis-facts.jsonl.gz',
          bytes: gz.length,
          sha256: sha,
          records: 3,
          ...over,
        },
      },
    });
  const file = (bytes: Uint8Array = gz) =>
    new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-type': 'application/gzip' } });
  const walkPage = () => json({ results: facts, total: 3, limit: 50, offset: 0 });

  it('reads the advertised file in one request on its own origin, checks it, and yields every record', async () => {
    const { fetch, urls } = scripted(catalogue(), file());
    const result = await createClient({ baseUrl: BASE, fetch }).readAll();
    expect(result).toEqual({ facts, via: 'download' });
    // The download's path, on the client's origin (the catalogue's canonical host may not be reachable from here).
    expect(urls).toEqual([`${BASE}/`, 'https://api.example/api/v1/downloads/permis-facts.jsonl.gz']);
  });

  it('falls back to the walk, saying why, when the file is not the one the catalogue describes', async () => {
    const damaged = Uint8Array.from(gz);
    damaged[damaged.length - 9]! ^= 0xff;
    const cases: [Response, Response, string][] = [
      [
        catalogue(),
        file(damaged),
        `https://canonical.example/api/v1/downloads/permis-facts.jsonl.gz: SHA-256 ${createHash('sha256').update(damaged).digest('hex')}, the catalogue says ${sha}; the catalogue may be from another build, or the file damaged`,
      ],
      [
        catalogue({ bytes: gz.length + 1 }),
        file(),
        `https://canonical.example/api/v1/downloads/permis-facts.jsonl.gz: ${gz.length} bytes, the catalogue says ${gz.length + 1}; the catalogue may be from another build, or the file damaged`,
      ],
      [
        catalogue({ records: 4 }),
        file(),
        'https://canonical.example/api/v1/downloads/permis-facts.jsonl.gz: 3 records, the catalogue says 4; the catalogue may be from another build, or the file damaged',
      ],
      [json({ name: 'permis-facts' }), walkPage(), 'the catalogue advertises no download'],
    ];
    for (const [first, second, why] of cases) {
      const answers =
        second.headers.get('content-type') === 'application/gzip' ? [first, second, walkPage()] : [first, second];
      const { fetch } = scripted(...answers);
      expect(await createClient({ baseUrl: BASE, fetch }).readAll()).toEqual({ facts, via: 'walk', fallback: why });
    }
    const { fetch, urls } = scripted(walkPage());
    expect(await createClient({ baseUrl: BASE, fetch }).readAll({ download: false })).toEqual({
      facts,
      via: 'walk',
      fallback: 'download: false was asked',
    });
    expect(urls).toEqual([`${BASE}/facts?limit=50&offset=0`]);
  });

  it('rejects with checksum_mismatch from download(), and does not fall back on a quota refusal', async () => {
    const { fetch } = scripted(catalogue({ sha256: '0'.repeat(64) }), file());
    await expect(createClient({ baseUrl: BASE, fetch }).download()).rejects.toMatchObject({
      status: 200,
      code: 'checksum_mismatch',
    });
    const refused = scripted(catalogue(), rateLimited('61'));
    await expect(createClient({ baseUrl: BASE, fetch: refused.fetch }).readAll()).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(refused.urls).toHaveLength(2);
  });
});

describe('client package', () => {
  it('bundles for the browser with no dependency: no zod code, no import left', async () => {
    const result = await build({
      entryPoints: ['src/client/index.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
    });
    const code = result.outputFiles[0]!.text;
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.every((file) => file.startsWith('src/client/') || file === 'src/lib/schema/limits.ts')).toBe(true);
    expect(code).not.toMatch(/zod|ZodError|\$ZodType/);
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toContain('createClient');
    expect(code.length).toBeLessThan(12_000);
  });

  it('is exported as permis-facts/client', async () => {
    const viaPackage = await import('permis-facts/client');
    expect(viaPackage.createClient).toBe(createClient);
  });
});
