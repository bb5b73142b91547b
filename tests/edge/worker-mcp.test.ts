/** The MCP endpoint of the Cloudflare worker, in workerd, with the SDK's own client: same tools and one quota with /api/v1. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { REUSE_TERMS } from '../../src/lib/publish/reuse-terms.ts';
import { startTestEdge } from '../support/worker-target.ts';

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
};

/** An SDK client on the worker's /mcp, its requests coming from `client` (CF-Connecting-IP, as Cloudflare sets it). */
async function connect(base: URL, client: string): Promise<Client> {
  const sdk = new Client({ name: 'test', version: '1.0.0' });
  await sdk.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), {
      requestInit: { headers: { 'cf-connecting-ip': client } },
    }),
  );
  return sdk;
}
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;
/** A raw JSON-RPC POST to /mcp. */
const post = (base: URL, body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('MCP at /mcp on the worker', () => {
  let base: URL;
  let connected: Promise<Client> | undefined;
  // Connected on first use, so that each test fails for its own reason.
  const sdk = () => (connected ??= connect(base, '198.51.100.20'));
  beforeAll(async () => {
    base = (await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '1000000' } })).url;
  });

  it('lists search_facts, get_fact and list_facets', async () => {
    const { tools } = await (await sdk()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_facts', 'get_fact', 'list_facets']);
    expect(Object.keys((tools[0]!.inputSchema as { properties: object }).properties)).toEqual([
      'q',
      'region',
      'kind',
      'limit',
      'offset',
    ]);
  });

  it('search_facts gives what GET /api/v1/facts gives on the worker: same ids, order, total, limit and offset', async () => {
    for (const query of [
      { q: 'permis', limit: 7 },
      { q: 'examen pratique', region: 'wallonie', limit: 5, offset: 1 },
      { kind: 'fact', limit: 50 },
      { q: 'permsi de cnduire' },
    ]) {
      const answer = await call(await sdk(), 'search_facts', query);
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      params.set('po_live', '1');
      const api = (await (await fetch(new URL(`/api/v1/facts?${params}`, base))).json()) as {
        results: { id: string; url: string }[];
        total: number;
        limit: number;
        offset: number;
        suggestions?: unknown;
      };
      const structured = answer.structuredContent!;
      expect(structured.results.map((r: { id: string }) => r.id)).toEqual(api.results.map((r) => r.id));
      expect([structured.total, structured.limit, structured.offset]).toEqual([api.total, api.limit, api.offset]);
      expect(structured.suggestions).toEqual(api.suggestions);
      expect(structured.results.map((r: { url: string }) => r.url)).toEqual(api.results.map((r) => r.url));
      expect(
        structured.results.map(
          (r: { title: string; excerpt: string }) => typeof r.title === 'string' && typeof r.excerpt === 'string',
        ),
      ).not.toContain(false);
      expect(structured.reuse.attribution).toBe('permis-facts, with a link to the record page used (its url)');
    }
    expect(
      (await call(await sdk(), 'search_facts', { q: 'permis', limit: 7 })).structuredContent!.results,
    ).toHaveLength(7);
  });

  it('get_fact returns the record of /api/v1/facts/{id}; an unknown id and a bad argument are tool errors', async () => {
    const first = (await call(await sdk(), 'search_facts', { limit: 1 })).structuredContent!.results[0];
    const answer = await call(await sdk(), 'get_fact', { id: first.id });
    const { cite_as, ...record } = answer.structuredContent!.record;
    expect(record).toEqual(await (await fetch(new URL(`/api/v1/facts/${first.id}?po_live=1`, base))).json());
    expect(cite_as).toContain(record.url);
    expect(answer.structuredContent!.reuse.terms).toEqual([...REUSE_TERMS]);
    const unknown = await call(await sdk(), 'get_fact', { id: 'fait-0000000000000000' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toBe(
      'no record has the id "fait-0000000000000000"; find ids with search_facts (record_not_found)',
    );
    const bad = await call(await sdk(), 'search_facts', { limit: 51 });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toBe('limit must be an integer from 1 to 50, got "51" (invalid_parameter)');
  });

  it('serves resources, prompts and completions on the worker, negotiating the newest protocol revision', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
      requestInit: { headers: { 'cf-connecting-ip': '198.51.100.21' } },
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const [template] = (await client.listResourceTemplates()).resourceTemplates;
    expect(template!.uriTemplate).toMatch(/\/api\/v1\/facts\/\{id\}$/);
    const { resources, nextCursor } = await client.listResources();
    expect(resources).toHaveLength(50);
    expect(nextCursor).toBe('50');
    const read = await client.readResource({ uri: resources[1]!.uri });
    expect(JSON.parse((read.contents[0] as { text: string }).text).record.id).toBe(resources[1]!.name);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['answer_from_records']);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'answer_from_records' },
      argument: { name: 'region', value: 'w' },
    });
    expect(completion.completion.values).toEqual(['wallonie']);
    await client.close();
  });

  it("answers POST /mcp/ and a path under /mcp with a JSON 404 naming /mcp, not the static assets' answer", async () => {
    for (const path of ['/mcp/', '/mcp/sse']) {
      const answer = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({
        error: {
          code: 'route_not_found',
          message: `no route at ${JSON.stringify(path)}; the MCP endpoint is /mcp, exactly (POST JSON-RPC messages to it)`,
        },
      });
    }
  });

  it('is answered by the worker, not by the static assets: JSON-RPC, RateLimit headers, GET and DELETE 405 with Allow: POST', async () => {
    const answer = await post(base, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-security-policy')).toBeNull(); // the page header of _headers, on every asset
    expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=1000000;w=60');
    expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(3);
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(new URL('/mcp', base), {
        method,
        headers: { accept: 'application/json, text/event-stream, text/html' },
      });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('POST');
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
        `method ${method} is not allowed on /mcp`,
      );
    }
  });

  it('refuses a JSON-RPC batch with -32600 (HTTP 400), counting the POST once and running none of its calls', async () => {
    const calls = Array.from({ length: 100 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'search_facts', arguments: { limit: 50 } },
    }));
    const before = Number(
      /r=(\d+)/.exec(
        (
          await post(base, { jsonrpc: '2.0', id: 0, method: 'tools/list' }, { 'cf-connecting-ip': '192.0.2.81' })
        ).headers.get('ratelimit')!,
      )![1],
    );
    const answer = await post(base, calls, { 'cf-connecting-ip': '192.0.2.81' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      id: null,
      error: {
        code: -32600,
        message: expect.stringContaining('JSON-RPC batches are not accepted (got an array of 100 messages)'),
      },
    });
    expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"default";r=${before - 1};`));
  });

  it('answers a body that is not JSON with -32700 and one over 64 KiB with -32600, both HTTP 400', async () => {
    const bad = await post(base, '{');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const big = await post(
      base,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(64 * 1024) } }),
    );
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({
      error: { code: -32600, message: 'the request body is larger than 65536 bytes' },
    });
  });
});

describe('one quota for /api/v1 and /mcp on the worker', () => {
  it('spends the API quota of the same client key with MCP calls, then refuses MCP with a JSON-RPC error saying how long to wait', async () => {
    const { url: base } = await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '10' } });
    // Two spellings of one IPv6 /64: one client key, as on /api/v1.
    const client = await connect(base, '2001:DB8:0:7::1');
    // Bodies are read through: workerd logs a broken pipe for an answer whose reader went away.
    const read = async (pending: Promise<Response>) => {
      const response = await pending;
      await response.arrayBuffer();
      return response;
    };
    const api = () =>
      read(fetch(new URL('/api/v1/openapi.json', base), { headers: { 'cf-connecting-ip': '2001:db8:0:7:0:0:0:99' } }));
    for (let i = 0; i < 3; i++) expect((await call(client, 'search_facts', { q: 'permis' })).isError).toBeFalsy();
    const left = Number(/^"default";r=(\d+);t=\d+$/.exec((await api()).headers.get('ratelimit') ?? '')?.[1]);
    // initialize, its notification and three tool calls were counted before this API request (and the client's
    // attempt at a GET stream, when it came first): at most 10 - 5 - 1 left.
    expect(left).toBeLessThanOrEqual(4);
    for (let i = 0; i < left; i++) expect((await api()).status).toBe(200);
    expect((await api()).status).toBe(429);
    const refused = await client.callTool({ name: 'search_facts', arguments: {} }).then(
      () => null,
      (error: Error & { code?: number }) => error,
    );
    expect(refused?.code).toBe(-32029);
    expect(refused?.message).toMatch(/retry in ([1-9]|[1-5]\d|60) s/);
    const raw = await post(
      base,
      { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      { 'cf-connecting-ip': '2001:db8:0:7::5' },
    );
    expect(raw.status).toBe(200);
    const retry = Number(raw.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 60).toBe(true);
    expect(raw.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
    expect(await raw.json()).toMatchObject({ id: 'a', error: { code: -32029, data: { retry_after_seconds: retry } } });
    expect(
      (
        await read(
          post(
            base,
            { jsonrpc: '2.0', method: 'notifications/initialized' },
            { 'cf-connecting-ip': '2001:db8:0:7::5' },
          ),
        )
      ).status,
    ).toBe(429);
    // Another client is not affected.
    expect(
      (await read(fetch(new URL('/api/v1/openapi.json', base), { headers: { 'cf-connecting-ip': '2001:db8:0:8::1' } })))
        .status,
    ).toBe(200);
    await client.close();
  });
});

describe('MCP on the worker while the Durable Object fails', () => {
  it('still answers, counting in the isolate memory with the same limit: no 5xx, then the JSON-RPC error', async () => {
    const broken = `import { DurableObject } from 'cloudflare:workers';
export class BrokenQuota extends DurableObject { async hit() { throw new Error('storage overloaded'); } }
export default { fetch: () => new Response('') };`;
    const { url: base } = await startTestEdge({
      vars: { RATE_LIMIT_PER_MINUTE: '3' },
      worker: { durableObjects: { QUOTA: { className: 'BrokenQuota', scriptName: 'broken-quota' } } },
      extraWorkers: [{ name: 'broken-quota', modules: true, script: broken, compatibilityDate: '2026-04-20' }],
      onOutput: () => {},
    });
    const answers = [];
    for (let id = 1; id <= 4; id++) {
      const answer = await post(
        base,
        { jsonrpc: '2.0', id, method: 'tools/list' },
        { 'cf-connecting-ip': '192.0.2.70' },
      );
      answers.push([answer.status, ((await answer.json()) as { error?: { code: number } }).error?.code ?? 'ok']);
    }
    expect(answers).toEqual([
      [200, 'ok'],
      [200, 'ok'],
      [200, 'ok'],
      [200, -32029],
    ]);
  });
});
