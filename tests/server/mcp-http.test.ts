import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQuota, type Quota } from '../../src/lib/quota.ts';
import { REUSE_TERMS } from '../../src/lib/publish/reuse-terms.ts';
import { markdownToPlain } from '../../src/lib/records/summarize.ts';
import { EXCERPT_MAX } from '../../src/lib/schema/mcp-answers.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
};

/** An SDK client connected to `origin`/mcp. */
async function connect(origin: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;

describe('MCP over Streamable HTTP at /mcp', () => {
  let site: RunningServer;
  let client: Client;
  const keys: string[] = [];
  beforeAll(async () => {
    const inner = createMemoryQuota({ limit: 1_000_000 });
    const limiter: Quota = { limit: inner.limit, hit: (key) => (keys.push(key), inner.hit(key)) };
    site = await startSiteServer({}, { quota: limiter });
    client = await connect(site.origin);
  });
  afterAll(async () => {
    await client?.close();
    await site?.close();
  });

  it('lists search_facts, get_fact and list_facets, with input schemas from the API schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_facts', 'get_fact', 'list_facets']);
    const search = tools[0]!.inputSchema as { properties: Record<string, any> };
    expect(Object.keys(search.properties)).toEqual(['q', 'region', 'kind', 'limit', 'offset']);
    expect(search.properties.limit).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    expect(search.properties.q).toMatchObject({ maxLength: 300 });
  });

  it('search_facts gives the results of GET /facts, in the same order, each as a summary of the record, with the attribution', async () => {
    for (const query of [
      { q: 'permis', limit: 7 },
      { q: 'examen pratique', region: 'wallonie', limit: 5, offset: 1 },
      { kind: 'fact', limit: 50 },
      { q: 'permsi de cnduire' },
      {},
    ]) {
      const answer = await call(client, 'search_facts', query);
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      params.set('po_live', '1');
      const api = (await (await fetch(`${site.origin}/api/v1/facts?${params}`)).json()) as {
        results: Record<string, any>[];
        total: number;
        limit: number;
        offset: number;
      };
      const structured = answer.structuredContent!;
      expect(structured.results.map((r: { id: string }) => r.id)).toEqual(api.results.map((r) => r.id));
      expect([structured.total, structured.limit, structured.offset]).toEqual([api.total, api.limit, api.offset]);
      if (query.limit === 7) expect(structured.results.length).toBe(7);
      // A search that finds nothing keeps the API's did-you-mean suggestions.
      expect(structured.suggestions).toEqual((api as { suggestions?: unknown }).suggestions);
      structured.results.forEach((result: Record<string, unknown>, i: number) => {
        const { id, title, url, kind, regions, text } = api.results[i]!;
        expect(Object.keys(result)).toEqual(['id', 'title', 'url', 'kind', 'regions', 'excerpt']);
        expect(result).toMatchObject({ id, title, url, kind, regions });
        expect(String(result.excerpt).length).toBeLessThanOrEqual(EXCERPT_MAX);
        expect(markdownToPlain(text)).toContain(String(result.excerpt).replace(/…$/, ''));
        // The text block, for clients that ignore structuredContent, carries each result too.
        for (const field of [id, title, url, result.excerpt]) expect(answer.content[0]!.text).toContain(field);
      });
      expect(structured.reuse).toEqual({
        attribution: 'permis-facts, with a link to the record page used (its url)',
        page: `${site.origin}/reutilisation/`,
      });
    }
  });

  it('search_facts applies the /facts rules, with the API messages as tool errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 51 }, 'limit must be an integer from 1 to 50, got "51"'],
      [{ limit: 'abc' }, 'limit must be an integer from 1 to 50, got "abc"'],
      [{ offset: -1 }, 'offset must be an integer from 0 to 10000, got "-1"'],
      [{ region: 'mars' }, 'region must be one of'],
      [{ kind: 'poem' }, 'kind must be one of'],
      [{ q: 'a'.repeat(301) }, 'q must be at most 300 characters, got 301'],
      [{ colour: 'red' }, 'unknown parameter "colour"'],
      [{ po_live: '1' }, 'po_live is not an argument of search_facts'],
    ];
    for (const [args, message] of cases) {
      const answer = await call(client, 'search_facts', args);
      expect(answer.isError, JSON.stringify(args)).toBe(true);
      expect(answer.content[0]!.text).toContain(message);
    }
  });

  it('get_fact returns the record of /facts/{id} with its url and the reuse terms; unknown and malformed ids are tool errors', async () => {
    const first = (await call(client, 'search_facts', { limit: 1 })).structuredContent!.results[0];
    const answer = await call(client, 'get_fact', { id: first.id });
    expect(answer.isError).toBeFalsy();
    const api = await (await fetch(`${site.origin}/api/v1/facts/${first.id}?po_live=1`)).json();
    const { cite_as, ...record } = answer.structuredContent!.record;
    expect(record).toEqual(api);
    expect(cite_as).toBe(`${api.title}, permis-facts, ${api.url}`);
    expect(answer.structuredContent!.reuse).toEqual({
      terms: [...REUSE_TERMS],
      attribution: 'permis-facts, with a link to the record page used (its url)',
      page: `${site.origin}/reutilisation/`,
    });
    expect(JSON.parse(answer.content[0]!.text)).toEqual(answer.structuredContent);

    const unknown = await call(client, 'get_fact', { id: 'fait-0000000000000000' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toBe(
      'no record has the id "fait-0000000000000000"; find ids with search_facts (record_not_found)',
    );
    for (const [id, message] of [
      ['../etc/passwd', 'id must match'],
      ['FAIT-E895E5CA7DD9AA43', 'id must match'],
      [42, 'id must be a string, got 42'],
      [undefined, 'id is required; it is missing'],
    ] as const) {
      const bad = await call(client, 'get_fact', id === undefined ? {} : { id });
      expect(bad.isError, String(id)).toBe(true);
      expect(bad.content[0]!.text).toContain(message);
    }
  });

  it('list_facets gives kinds and regions with their counts, as the catalogue does', async () => {
    const answer = await call(client, 'list_facets', {});
    const catalogue = (await (await fetch(`${site.origin}/api/v1/?po_live=1`)).json()) as {
      corpus: { records: number; by_kind: object; by_region: object };
    };
    expect(answer.structuredContent).toMatchObject({
      records: catalogue.corpus.records,
      kinds: catalogue.corpus.by_kind,
      regions: catalogue.corpus.by_region,
    });
    const total = Object.values(answer.structuredContent!.kinds as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total).toBe(catalogue.corpus.records);
    expect((await call(client, 'list_facets', { q: 'x' })).isError).toBe(true);
  });

  it('negotiates the newest protocol revision, and serves resources, prompts and completions, each POST counted once', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${site.origin}/mcp`));
    const fresh = new Client({ name: 'test', version: '1.0.0' });
    await fresh.connect(transport);
    try {
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      keys.length = 0;
      const [template] = (await fresh.listResourceTemplates()).resourceTemplates;
      expect(template!.uriTemplate).toBe(`${site.origin}/api/v1/facts/{id}`);
      const { resources, nextCursor } = await fresh.listResources();
      expect(resources).toHaveLength(50);
      expect((await fresh.listResources({ cursor: nextCursor! })).resources[0]!.uri).not.toBe(resources[0]!.uri);
      const read = await fresh.readResource({ uri: resources[0]!.uri });
      expect(JSON.parse((read.contents[0] as { text: string }).text).record.id).toBe(resources[0]!.name);
      expect((await fresh.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['answer_from_records']);
      const prompt = await fresh.getPrompt({
        name: 'answer_from_records',
        arguments: { question: 'permis moto', region: 'flandre' },
      });
      expect((prompt.messages[0]!.content as { text: string }).text).toContain('region: "flandre"');
      const completion = await fresh.complete({
        ref: { type: 'ref/prompt', name: 'answer_from_records' },
        argument: { name: 'region', value: 'fl' },
      });
      expect(completion.completion.values).toEqual(['flandre']);
      // Seven requests; the client's attempt at a GET stream (405) after initialising may land among them.
      expect(keys.filter((key) => key === '127.0.0.1').length).toBe(keys.length);
      expect([7, 8]).toContain(keys.length);
    } finally {
      await fresh.close();
    }
  });

  it('counts every MCP request against the client key the API uses', async () => {
    keys.length = 0;
    await client.listTools();
    await fetch(`${site.origin}/api/v1/openapi.json`);
    expect(keys).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('sends the RateLimit-Policy and RateLimit headers on /mcp answers, as on the API', async () => {
    const answer = await fetch(`${site.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=1000000;w=60');
    expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(3);
  });

  it('answers every other method 405 with Allow: POST through Node, TRACE and HEAD included, and a body over 64 KiB with -32600', async () => {
    const { request } = await import('node:http');
    const raw = (method: string, body?: string) =>
      new Promise<{ status: number; allow: string | undefined; text: string }>((done, fail) => {
        const req = request(
          `${site.origin}/mcp`,
          { method, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk));
            res.on('end', () => done({ status: res.statusCode!, allow: res.headers.allow, text }));
          },
        );
        req.on('error', fail);
        req.end(body);
      });
    for (const method of ['TRACE', 'HEAD', 'DELETE', 'PUT', 'OPTIONS']) {
      const answer = await raw(method, method === 'PUT' ? '{"jsonrpc":"2.0"}' : undefined);
      expect([answer.status, answer.allow], method).toEqual([405, 'POST']);
      if (method !== 'HEAD')
        expect(JSON.parse(answer.text).error.message).toContain(`method ${method} is not allowed on /mcp`);
    }
    const big = await raw(
      'POST',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(64 * 1024) } }),
    );
    expect(big.status).toBe(400);
    expect(JSON.parse(big.text).error).toEqual({
      code: -32600,
      message: 'the request body is larger than 65536 bytes',
    });
    // The connection is still usable: the server read the body through.
    expect((await raw('POST', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).status).toBe(200);
  });

  it('refuses a JSON-RPC batch of 100 tool calls with -32600 in a few hundred bytes, counted once', async () => {
    keys.length = 0;
    const calls = Array.from({ length: 100 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'search_facts', arguments: { limit: 50 } },
    }));
    const answer = await fetch(`${site.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(calls),
    });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text.length).toBeLessThan(400);
    expect(JSON.parse(text).error).toEqual({
      code: -32600,
      message:
        'JSON-RPC batches are not accepted (got an array of 100 messages): MCP removed batching in protocol revision 2025-06-18; send one message per request',
    });
    expect(keys).toEqual(['127.0.0.1']);
  });

  it("answers POST /mcp/ and /MCP through Node with a JSON 404 naming /mcp, not the pages' French text 405", async () => {
    for (const path of ['/mcp/', '/MCP', '/mcp/sse']) {
      const answer = await fetch(`${site.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({
        error: {
          code: 'route_not_found',
          message: `no route at ${JSON.stringify(path)}; the MCP endpoint is /mcp, exactly (POST JSON-RPC messages to it)`,
        },
      });
    }
    expect((await fetch(`${site.origin}/mcp/`)).status).toBe(404);
  });

  it('answers GET /mcp with 405 (stateless: no server stream) and a non-JSON body with a parse error', async () => {
    const get = await fetch(`${site.origin}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const bad = await fetch(`${site.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});

describe('one quota for /api/v1 and /mcp', () => {
  it('spends the API quota with MCP calls, then refuses both, MCP with a JSON-RPC error saying how long to wait', async () => {
    const site = await startSiteServer({}, { quota: createMemoryQuota({ limit: 10 }) });
    const client = await connect(site.origin);
    try {
      for (let i = 0; i < 3; i++) expect((await call(client, 'search_facts', { q: 'permis' })).isError).toBeFalsy();
      const api = await fetch(`${site.origin}/api/v1/openapi.json`);
      const left = Number(/r=(\d+)/.exec(api.headers.get('ratelimit') ?? '')![1]);
      // initialize, its notification and three tool calls were counted before this API request.
      expect(left).toBeLessThanOrEqual(10 - 1 - 4);
      for (let i = 0; i < left; i++) expect((await fetch(`${site.origin}/api/v1/openapi.json`)).status).toBe(200);
      expect((await fetch(`${site.origin}/api/v1/openapi.json`)).status).toBe(429);
      const refused = await client.callTool({ name: 'search_facts', arguments: {} }).then(
        () => null,
        (error: Error & { code?: number }) => error,
      );
      expect(refused).not.toBeNull();
      expect(refused!.code).toBe(-32029);
      expect(refused!.message).toMatch(/retry in ([1-9]|[1-5]\d|60) s/);
      const post = (body: unknown) =>
        fetch(`${site.origin}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(body),
        });
      const raw = await post({ jsonrpc: '2.0', id: 'x', method: 'tools/list' });
      expect(raw.status).toBe(200);
      const retry = Number(raw.headers.get('retry-after'));
      expect(retry >= 1 && retry <= 60).toBe(true);
      expect(await raw.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 'x',
        error: { code: -32029, data: { code: 'rate_limited', retry_after_seconds: retry } },
      });
      expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(429);
    } finally {
      await client.close();
      await site.close();
    }
  });
});
