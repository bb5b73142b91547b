import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
};

/** `npm run mcp` as a pipe's end: the process, and its exit code with all it wrote to stdout once it exits. */
function spawnMcp() {
  const child = spawn(process.execPath, ['scripts/mcp.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...testBuildEnv },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const exit = new Promise<{ code: number | null; stdout: string }>((done) =>
    child.on('close', (code) => done({ code, stdout })),
  );
  return { child, exit };
}

/** `npm run mcp` over the test build (no rebuild), as a desktop assistant starts it. */
async function startMcp(env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', 'mcp'],
    env: { ...(process.env as Record<string, string>), ...testBuildEnv, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('npm run mcp (stdio)', () => {
  it('lists the tools, searches, gets a record, and reports an unknown id as a tool error', async () => {
    const { client } = await startMcp();
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'search_facts',
        'get_fact',
        'list_facets',
      ]);
      const search = (await client.callTool({
        name: 'search_facts',
        arguments: { q: 'permis', limit: 3 },
      })) as ToolAnswer;
      expect(search.isError).toBeFalsy();
      const results = search.structuredContent!.results as { id: string; url: string }[];
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(3);
      expect(results[0]!.url.startsWith(testSettings.SITE_URL)).toBe(true);
      const record = (await client.callTool({ name: 'get_fact', arguments: { id: results[0]!.id } })) as ToolAnswer;
      expect(record.structuredContent!.record).toMatchObject({ id: results[0]!.id, url: results[0]!.url });
      expect(record.structuredContent!.reuse.terms.length).toBeGreaterThan(0);
      const unknown = (await client.callTool({
        name: 'get_fact',
        arguments: { id: 'fait-0000000000000000' },
      })) as ToolAnswer;
      expect(unknown.isError).toBe(true);
      const facets = (await client.callTool({ name: 'list_facets', arguments: {} })) as ToolAnswer;
      expect(facets.structuredContent!.records).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('serves resources, prompts and completions, and records whose uri is on SITE_URL', async () => {
    const { client } = await startMcp();
    try {
      expect(client.getServerCapabilities()).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
      const [template] = (await client.listResourceTemplates()).resourceTemplates;
      expect(template!.uriTemplate).toBe(`${testSettings.SITE_URL}/api/v1/facts/{id}`);
      const { resources } = await client.listResources();
      const read = await client.readResource({ uri: resources[3]!.uri });
      expect(JSON.parse((read.contents[0] as { text: string }).text).record).toMatchObject({
        id: resources[3]!.name,
        title: resources[3]!.title,
      });
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['answer_from_records']);
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'answer_from_records' },
        argument: { name: 'kind', value: 'exp' },
      });
      expect(completion.completion.values).toEqual(['expertise']);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('refuses requests past RATE_LIMIT_PER_MINUTE with a JSON-RPC error saying how long to wait', async () => {
    const { client } = await startMcp({ RATE_LIMIT_PER_MINUTE: '4' });
    try {
      // initialize was the first request; three more pass.
      for (let i = 0; i < 3; i++) await client.listTools();
      const refused = await client.callTool({ name: 'list_facets', arguments: {} }).then(
        () => null,
        (error: Error & { code?: number }) => error,
      );
      expect(refused?.code).toBe(-32029);
      expect(refused?.message).toMatch(/rate_limited: .*retry in ([1-9]|[1-5]\d|60) s/);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('answers every request written before stdin closes, refusing a batch line, then exits 0 (a shell pipe)', async () => {
    const { child, exit } = spawnMcp();
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search_facts', arguments: { q: 'permis', limit: 2 } },
      },
      Array.from({ length: 100 }, (_, i) => ({
        jsonrpc: '2.0',
        id: 100 + i,
        method: 'tools/call',
        params: { name: 'search_facts', arguments: { limit: 50 } },
      })),
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_facets', arguments: {} } },
    ];
    child.stdin.end(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const { code, stdout } = await exit;
    expect(code).toBe(0);
    // JSON-RPC answers may come in any order: match them by id.
    const all = stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { id: number | null; result?: ToolAnswer & Record<string, unknown>; error?: unknown },
      );
    // The batch line is refused as /mcp refuses one, and none of its calls runs.
    expect(all.filter((answer) => answer.id === null)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message:
            'JSON-RPC batches are not accepted (got an array of 100 messages): MCP removed batching in protocol revision 2025-06-18; send one message per request',
        },
      },
    ]);
    const answers = all.filter((answer) => answer.id !== null).sort((a, b) => a.id! - b.id!);
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect((answers[1]!.result!.structuredContent!.results as unknown[]).length).toBe(2);
    expect(answers[2]!.result!.isError).toBeFalsy();
  }, 30_000);

  it('answers a line that is not JSON, not UTF-8, not a JSON-RPC message or has bad params with its JSON-RPC error, as /mcp does', async () => {
    const { child, exit } = spawnMcp();
    const line = (message: unknown) => Buffer.from(`${JSON.stringify(message)}\n`);
    child.stdin.end(
      Buffer.concat([
        Buffer.from('{bad\n'),
        // « é » in Latin-1 inside a tools/call: not UTF-8.
        Buffer.from(
          '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_facts","arguments":{"q":"p',
        ),
        Buffer.from([0xe9, 0x0a]),
        Buffer.from('\n'),
        line({ jsonrpc: '1.0', id: 6, method: 'tools/list' }),
        line({ jsonrpc: '2.0', id: 7, method: 'initialize', params: {} }),
        line({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'search_facts', arguments: 'x' } }),
        line({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name: 'search_facts', arguments: { q: null, limit: 1 } },
        }),
        // The last line, with no newline before stdin closes.
        Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' })),
      ]),
    );
    const { code, stdout } = await exit;
    expect(code).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as { id: number | null; result?: ToolAnswer; error?: unknown });
    const error = (id: number | null, code: number, message: string) => ({
      jsonrpc: '2.0',
      id,
      error: { code, message },
    });
    expect(answers.filter((answer) => answer.error)).toEqual([
      error(null, -32700, 'parse error: the line is not JSON'),
      error(null, -32700, 'parse error: the line is not valid UTF-8 at byte 97 (0xe9, counting from 0)'),
      error(6, -32600, 'invalid request: jsonrpc must be "2.0", got "1.0"'),
      error(7, -32602, 'invalid params of initialize: params.protocolVersion is missing: it must be a string'),
      error(8, -32602, 'invalid params of tools/call: params.arguments must be an object, got "x"'),
    ]);
    const results = answers.filter((answer) => !answer.error);
    expect(results.map((answer) => answer.id).sort((a, b) => a! - b!)).toEqual([9, 10]);
    expect(results.find((answer) => answer.id === 9)!.result!.structuredContent!.results).toHaveLength(1);
  }, 30_000);
});
