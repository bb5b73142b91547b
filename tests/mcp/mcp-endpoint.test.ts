/** The runtime-free /mcp endpoint (src/lib/mcp/mcp-endpoint.ts), with real Requests: what Node and the worker both serve. */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { createMcpEndpoint, MCP_DEFAULTS, type McpEndpointOptions } from '../../src/lib/mcp/mcp-endpoint.ts';
import { createMemoryQuota, type Quota } from '../../src/lib/quota.ts';
import { testSettings } from '../support/test-build.ts';

const api = createApiHandler({ read: readDist(testSettings.DIST_DIR), quota: { limit: 1_000_000 } });

/** An endpoint over the test build whose limiter records the client keys it counts. */
function endpoint(limit = 1_000_000, options: Partial<McpEndpointOptions> = {}) {
  const keys: string[] = [];
  const inner = createMemoryQuota({ limit });
  const limiter: Quota = { limit: inner.limit, hit: (key) => (keys.push(key), inner.hit(key)) };
  return {
    keys,
    mcp: createMcpEndpoint({ quota: limiter, api: () => api, siteUrl: 'https://permis.example', ...options }),
  };
}

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('https://permis.example/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });

/** A body sent in chunks of `chunk` bytes, `total` bytes in all; `pulled()` says how many were read. */
function streamed(total: number, chunk = 16 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}

/** The JSON-RPC answer to one tools/call, as the bytes an HTTP client receives. */
async function callBytes(mcp: ReturnType<typeof endpoint>['mcp'], args: Record<string, unknown>) {
  const answer = await mcp(
    post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_facts', arguments: args },
      }),
      { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
    ),
  );
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return {
    bytes: bytes.length,
    result: (JSON.parse(new TextDecoder().decode(bytes)) as { result: { structuredContent: { results: unknown[] } } })
      .result,
  };
}

describe('what one /mcp message costs', () => {
  it('answers a default search_facts in at most 8 KB, text block included, and the largest page in at most 64 KB', async () => {
    const { mcp } = endpoint();
    const sizes: Record<string, number> = {};
    for (const args of [{}, { q: 'permis' }, { q: 'examen pratique' }, { region: 'bruxelles' }]) {
      const { bytes, result } = await callBytes(mcp, args);
      expect(result.structuredContent.results).toHaveLength(10);
      expect(bytes, JSON.stringify(args)).toBeLessThanOrEqual(8 * 1024);
      sizes[JSON.stringify(args)] = bytes;
    }
    for (const args of [{ limit: 50 }, { q: 'permis', limit: 50 }]) {
      const { bytes, result } = await callBytes(mcp, args);
      expect(result.structuredContent.results).toHaveLength(50);
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      sizes[JSON.stringify(args)] = bytes;
    }
    console.log('search_facts answer sizes in bytes (whole JSON-RPC message):', sizes);
  });

  it(`negotiates the newest revision the SDK supports (${LATEST_PROTOCOL_VERSION}), or an older one the client asks for`, async () => {
    const { mcp } = endpoint();
    const initialize = async (protocolVersion: string) => {
      const body = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      return (
        (await (await mcp(post(JSON.stringify(body)))).json()) as {
          result: { protocolVersion: string; capabilities: object; serverInfo: object };
        }
      ).result;
    };
    const latest = await initialize(LATEST_PROTOCOL_VERSION);
    expect(latest.protocolVersion).toBe('2025-11-25');
    expect(latest.capabilities).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
    expect(latest.serverInfo).toMatchObject({ name: 'permis-facts', title: expect.any(String) });
    expect((await initialize('2025-03-26')).protocolVersion).toBe('2025-03-26');
    expect((await initialize('2099-01-01')).protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });
});

describe('the /mcp endpoint', () => {
  it('answers a POST with the MCP server, counting it once, with no-store and the RateLimit headers', async () => {
    const { keys, mcp } = endpoint();
    const answer = await mcp(post(JSON.stringify(LIST)), { clientAddress: '192.0.2.1' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(3);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=1000000;w=60');
    expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=999999;t=60$/);
    expect(keys).toEqual(['192.0.2.1']);
  });

  it('counts for the client key /api/v1 uses: canonical address, IPv6 /64, trusted X-Forwarded-For hop', async () => {
    const { keys, mcp } = endpoint(1_000_000, { trustProxy: 1 });
    await mcp(post(JSON.stringify(LIST), { 'x-forwarded-for': '[2001:DB8::1]:4711' }), { clientAddress: '10.0.0.1' });
    await mcp(post(JSON.stringify(LIST), { 'x-forwarded-for': '2001:db8:0:0:ffff::2' }), { clientAddress: '10.0.0.1' });
    await mcp(post(JSON.stringify(LIST)), { clientAddress: '::ffff:192.0.2.9' });
    expect(keys).toEqual(['2001:db8::/64', '2001:db8::/64', '192.0.2.9']);
  });

  it('answers a CORS preflight 204 without counting it, and gives every answer CORS headers', async () => {
    const { keys, mcp } = endpoint();
    const preflight = await mcp(
      new Request('https://permis.example/mcp', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://inspector.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-protocol-version',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    for (const name of ['content-type', 'accept', 'mcp-protocol-version'])
      expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain(name);
    expect(keys).toHaveLength(0);
    for (const answer of [
      await mcp(post(JSON.stringify(LIST))),
      await mcp(post('not json')),
      await mcp(new Request('https://permis.example/mcp')),
    ]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After, RateLimit, RateLimit-Policy');
    }
    expect(keys).toHaveLength(3);
  });

  it('answers other methods 405 with Allow: POST, counted like any request, a body read through', async () => {
    const { keys, mcp } = endpoint();
    for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS']) {
      const body = method === 'GET' ? null : streamed(100_000);
      const answer = await mcp(
        new Request('https://permis.example/mcp', {
          method,
          ...(body && { body: body.stream, duplex: 'half' }),
        } as RequestInit),
      );
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `method ${method} is not allowed on /mcp; POST JSON-RPC messages (stateless Streamable HTTP)`,
        },
      });
      if (body) expect(body.pulled(), method).toBe(100_000);
    }
    // A method a Request cannot carry (Node delivers TRACE) is named by the adapter.
    const trace = await mcp(new Request('https://permis.example/mcp'), { method: 'TRACE' });
    expect(trace.status).toBe(405);
    expect(await trace.text()).toContain('method TRACE is not allowed');
    expect(keys).toHaveLength(5);
  });

  it(`accepts a body of ${MCP_DEFAULTS.maxBodyBytes} bytes and refuses one byte more with -32600, reading it through without keeping it`, async () => {
    const { mcp } = endpoint();
    const json = JSON.stringify(LIST);
    const exact = await mcp(post(json + ' '.repeat(MCP_DEFAULTS.maxBodyBytes - json.length)));
    expect(exact.status).toBe(200);
    const over = await mcp(post(json + ' '.repeat(MCP_DEFAULTS.maxBodyBytes - json.length + 1)));
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'the request body is larger than 65536 bytes' },
    });
    const huge = streamed(5 * 2 ** 20);
    const answer = await mcp(
      new Request('https://permis.example/mcp', { method: 'POST', body: huge.stream, duplex: 'half' } as RequestInit),
    );
    expect(answer.status).toBe(400);
    expect(huge.pulled()).toBe(5 * 2 ** 20);
  });

  it('answers a body that is not JSON with -32700 (HTTP 400), and an empty one too', async () => {
    const { mcp } = endpoint();
    for (const body of ['{', '', '\u00ff']) {
      const answer = await mcp(post(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'parse error: the body is not JSON' },
      });
    }
  });

  it('refuses a JSON-RPC batch with -32600 (HTTP 400) naming its size, counted once and running none of its calls', async () => {
    const { keys, mcp } = endpoint();
    const calls = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'search_facts', arguments: { limit: 50 } },
    }));
    for (const batch of [calls, [LIST], []]) {
      const answer = await mcp(post(JSON.stringify(batch)));
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `JSON-RPC batches are not accepted (got an array of ${batch.length} messages): MCP removed batching in protocol revision 2025-06-18; send one message per request`,
        },
      });
    }
    expect(keys).toHaveLength(3);
  });

  it('over quota: a request gets HTTP 200 with the JSON-RPC error -32029, a batch its refusal, a notification 429; all with Retry-After', async () => {
    const { mcp } = endpoint(1);
    expect((await mcp(post(JSON.stringify(LIST)))).status).toBe(200);
    const one = await mcp(post(JSON.stringify({ ...LIST, id: 'x' })));
    expect(one.status).toBe(200);
    const retry = Number(one.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 60).toBe(true);
    expect(one.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
    expect(await one.json()).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: {
        code: -32029,
        message: `rate_limited: more than the allowed requests per minute from this address (API and MCP together); retry in ${retry} s`,
        data: { code: 'rate_limited', retry_after_seconds: retry, limit: 1, window_seconds: 60 },
      },
    });
    const batch = await mcp(
      post(
        JSON.stringify([
          { ...LIST, id: 7 },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          { ...LIST, id: 8 },
        ]),
      ),
    );
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { error: { code: number } }).error.code).toBe(-32600);
    const notification = await mcp(post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })));
    expect(notification.status).toBe(429);
    expect(notification.headers.get('retry-after')).toBe(String(retry));
  });
});

/** One JSON-RPC message POSTed to /mcp: HTTP status and body. */
async function exchange(mcp: ReturnType<typeof endpoint>['mcp'], body: BodyInit) {
  const answer = await mcp(post(body, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION }));
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}
const request = (method: string, params?: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) });

describe('messages /mcp refuses, each error naming the field and the bad value in one line', () => {
  const METHODS =
    'initialize, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read, prompts/list, prompts/get, completion/complete';
  it('answers a request whose params do not fit its method with -32602 and its id (HTTP 200), not -32603 and a validator dump', async () => {
    const { mcp } = endpoint();
    const cases: [string, string][] = [
      [
        request('initialize', {}),
        'invalid params of initialize: params.protocolVersion is missing: it must be a string',
      ],
      [
        request('tools/call', { name: 'search_facts', arguments: 'x' }),
        'invalid params of tools/call: params.arguments must be an object, got "x"',
      ],
      [request('tools/call', 'x'), 'invalid params of tools/call: params must be an object, got "x"'],
      [request('resources/read', {}), 'invalid params of resources/read: params.uri is missing: it must be a string'],
      [
        request('completion/complete', { ref: { type: 'ref/x' }, argument: { name: 'kind', value: 'f' } }),
        'invalid params of completion/complete: params.ref.type must be "ref/prompt" or "ref/resource", got "ref/x"',
      ],
      [
        request('tools/list', { _meta: { progressToken: { a: 1 } } }),
        'invalid params of tools/list: params._meta.progressToken must be a string or a number, got {"a":1}',
      ],
    ];
    for (const [body, message] of cases) {
      expect(await exchange(mcp, body), body).toEqual({
        status: 200,
        body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message } },
      });
    }
    expect(await exchange(mcp, request('tools/cal', {}, 'a'))).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 'a',
        error: { code: -32601, message: `method not found: "tools/cal"; this server answers ${METHODS}` },
      },
    });
  });

  it('answers JSON that is not one JSON-RPC message with -32600 (HTTP 400) saying what is wrong, not -32700', async () => {
    const { mcp } = endpoint();
    const cases: [string, number | null, string][] = [
      ['null', null, 'a JSON-RPC message is a JSON object, got null'],
      ['42', null, 'a JSON-RPC message is a JSON object, got 42'],
      ['"tools/list"', null, 'a JSON-RPC message is a JSON object, got "tools/list"'],
      ['{"jsonrpc":"1.0","id":1,"method":"tools/list"}', 1, 'jsonrpc must be "2.0", got "1.0"'],
      ['{"id":1,"method":"tools/list"}', 1, 'jsonrpc is missing: it must be "2.0"'],
      ['{"jsonrpc":"2.0","id":1}', 1, 'method is missing; a request or a notification names its method'],
      ['{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', null, 'id must be a string or an integer, got {"a":1}'],
      ['{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', null, 'id must be a string or an integer, got 1.5'],
      ['{"jsonrpc":"2.0","id":1,"method":7}', 1, 'method must be a string, got 7'],
      [
        '{"jsonrpc":"2.0","id":1,"method":"tools/list","arguments":{}}',
        1,
        'unknown member "arguments"; a JSON-RPC message has jsonrpc, id, method and params (or result or error)',
      ],
    ];
    for (const [body, id, message] of cases) {
      expect(await exchange(mcp, body), body).toEqual({
        status: 400,
        body: { jsonrpc: '2.0', id, error: { code: -32600, message: `invalid request: ${message}` } },
      });
    }
  });

  it('answers a body that is not valid UTF-8 with -32700 naming the first bad byte, rather than reading it as U+FFFD', async () => {
    const { mcp } = endpoint();
    const utf8 = (text: string) => [...new TextEncoder().encode(text)];
    const search = utf8(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_facts","arguments":{"q":"',
    );
    const cases: [number[], string][] = [
      [[...search, 0x70, 0xe9, 0x22, 0x7d, 0x7d, 0x7d], `at byte ${search.length + 1} (0xe9`], // Latin-1 « é »
      [[0xff, ...utf8('{}')], 'at byte 0 (0xff'],
      [[...search, 0xed, 0xa0, 0x80, 0x22, 0x7d, 0x7d, 0x7d], `at byte ${search.length} (0xed`], // a surrogate
      [[...search, 0xc0, 0xaf, 0x22, 0x7d, 0x7d, 0x7d], `at byte ${search.length} (0xc0`], // an overlong "/"
      [[...utf8('{"a":"'), 0xf0, 0x9f, 0x98], 'at byte 6 (0xf0'], // cut in the middle of a character
    ];
    for (const [bytes, where] of cases) {
      expect(await exchange(mcp, new Uint8Array(bytes)), where).toEqual({
        status: 400,
        body: {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: `parse error: the body is not valid UTF-8 ${where}, counting from 0)` },
        },
      });
    }
    // Valid UTF-8 is still read as such, a BOM included.
    const accented = await exchange(
      mcp,
      new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...utf8(request('tools/call', { name: 'search_facts', arguments: { q: 'théorique' } })),
      ]),
    );
    expect(accented.body.result.isError).toBeFalsy();
  });
});

describe('tool arguments of the wrong JSON type', () => {
  const call = (name: string, args: unknown) => request('tools/call', { name, arguments: args });
  const ids = (answer: { body: Record<string, any> }) =>
    (answer.body.result.structuredContent.results as { id: string }[]).map((record) => record.id);

  it('takes null for an absent argument, as assistants send it', async () => {
    const { mcp } = endpoint();
    const plain = await exchange(mcp, call('search_facts', { limit: 3 }));
    for (const args of [
      { q: null, limit: 3 },
      { kind: null, region: null, limit: 3, offset: null },
    ]) {
      const answer = await exchange(mcp, call('search_facts', args));
      expect(answer.body.result.isError, JSON.stringify(args)).toBeFalsy();
      expect(ids(answer)).toEqual(ids(plain));
    }
    const record = await exchange(mcp, call('get_fact', { id: ids(plain)[0] }));
    expect(record.body.result.structuredContent.record.id).toBe(ids(plain)[0]);
    expect((await exchange(mcp, call('get_fact', { id: null }))).body.result).toEqual({
      content: [{ type: 'text', text: 'id is required; it is missing' }],
      isError: true,
    });
  });

  it('answers any other value of another type than the declared one with a tool error naming argument, type and value', async () => {
    const { mcp } = endpoint();
    const cases: [string, Record<string, unknown>, string][] = [
      ['search_facts', { q: { x: 1 } }, 'q must be a string, got {"x":1}'],
      ['search_facts', { q: ['a', 'b'] }, 'q must be a string, got ["a","b"]'],
      ['search_facts', { q: 42 }, 'q must be a string, got 42'],
      ['search_facts', { region: true }, 'region must be a string, got true'],
      ['search_facts', { kind: ['fact'] }, 'kind must be a string, got ["fact"]'],
      ['search_facts', { limit: [5] }, 'limit must be an integer, got [5]'],
      ['search_facts', { offset: { n: 1 } }, 'offset must be an integer, got {"n":1}'],
      ['get_fact', { id: 42 }, 'id must be a string, got 42'],
      ['get_fact', { id: ['fait-0efbf3b1ebdbae78'] }, 'id must be a string, got ["fait-0efbf3b1ebdbae78"]'],
    ];
    for (const [tool, args, text] of cases) {
      expect((await exchange(mcp, call(tool, args))).body.result, text).toEqual({
        content: [{ type: 'text', text }],
        isError: true,
      });
    }
  });
});
