/**
 * The MCP server in process (SDK Client over an in-memory pair, each request counted by CountedTransport as on
 * stdio): tool titles and annotations, output schemas that real answers meet, resources, completions and prompts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { CountedTransport } from '../../src/lib/mcp/counted-transport.ts';
import { createMcpServer } from '../../src/lib/mcp/mcp-server.ts';
import { REUSE_TERMS } from '../../src/lib/publish/reuse-terms.ts';
import { createMemoryQuota, type Quota } from '../../src/lib/quota.ts';
import { FactAnswerSchema, SearchAnswerSchema } from '../../src/lib/schema/mcp-answers.ts';
import { KINDS, REGIONS } from '../../src/lib/schema/vocabulary.ts';

const SITE = 'https://permis.example';
const api = createApiHandler({
  read: readDist((await import('../support/test-build.ts')).testSettings.DIST_DIR),
  quota: { limit: 1_000_000 },
});
const apiJson = async (path: string) => {
  const answer = await api.reply(
    {
      method: 'GET',
      url: `${SITE}/api/v1${path}${path.includes('?') ? '&' : '?'}po_live=1`,
      headers: { get: () => null },
    },
    { uncounted: true },
  );
  return JSON.parse(typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body));
};

/** An SDK client on a new server, every request it sends counted under the key "in-process". */
async function connect(limit = 1_000_000) {
  const keys: string[] = [];
  const inner = createMemoryQuota({ limit });
  const limiter: Quota = { limit: inner.limit, hit: (key) => (keys.push(key), inner.hit(key)) };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ reply: api.reply, siteUrl: SITE }).connect(
    new CountedTransport(serverSide, limiter, 'in-process'),
  );
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, keys };
}
const rpcFailure = (pending: Promise<unknown>) =>
  pending.then(
    () => null,
    (error: Error & { code?: number }) => ({ code: error.code, message: error.message }),
  );

describe('the MCP server, in process', () => {
  let client: Client;
  let keys: string[];
  beforeAll(async () => ({ client, keys } = await connect()));

  it('gives every tool a title and the annotations read-only, idempotent, not destructive, closed world', async () => {
    const { tools } = await client.listTools();
    expect(tools.map(({ name, title }) => [name, title])).toEqual([
      ['search_facts', 'Search the records'],
      ['get_fact', 'Read one record'],
      ['list_facets', 'List kinds and regions'],
    ]);
    for (const tool of tools)
      expect(tool.annotations, tool.name).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
  });

  it('advertises output schemas made from the zod schemas, whose Fact is the OpenAPI Fact with cite_as', async () => {
    const { tools } = await client.listTools();
    const search = tools.find((tool) => tool.name === 'search_facts')!;
    const { $schema: _s, ...fromZod } = z.toJSONSchema(SearchAnswerSchema, {
      target: 'draft-2020-12',
      io: 'output',
    }) as Record<string, unknown>;
    expect(search.outputSchema).toEqual(fromZod);
    const openapi = await apiJson('/openapi.json');
    const fact = tools.find((tool) => tool.name === 'get_fact')!.outputSchema as unknown as {
      properties: { record: { properties: object } };
    };
    expect(Object.keys(fact.properties.record.properties).sort()).toEqual(
      [...Object.keys(openapi.components.schemas.Fact.properties), 'cite_as'].sort(),
    );
    expect(z.toJSONSchema(FactAnswerSchema, { target: 'draft-2020-12', io: 'output' })).toMatchObject({
      type: 'object',
      required: ['record', 'reuse'],
    });
  });

  it('gives answers that validate against the advertised outputSchema (JSON Schema 2020-12), for every record', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validators = new Map(
      (await client.listTools()).tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema!)]),
    );
    const check = async (name: string, args: Record<string, unknown>) => {
      const answer = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        structuredContent?: object;
        content: { text: string }[];
      };
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const valid = validators.get(name)!;
      expect(valid(answer.structuredContent), `${name} ${JSON.stringify(args)}: ${ajv.errorsText(valid.errors)}`).toBe(
        true,
      );
      return answer.structuredContent as Record<string, any>;
    };
    for (const args of [
      {},
      { q: 'permis', limit: 50 },
      { q: 'permsi de cnduire' },
      { kind: 'offer', region: 'bruxelles' },
      { q: 'zzzzqqq' },
    ])
      await check('search_facts', args);
    await check('list_facets', {});
    let offset = 0;
    for (let page: Record<string, any> | undefined; !page || offset < page.total; offset += 50) {
      page = await check('search_facts', { limit: 50, offset });
      for (const { id } of page.results) await check('get_fact', { id });
    }
    expect(offset).toBeGreaterThan(400);
  }, 120_000);

  it('lists every record as a resource, 50 a page with a cursor, each counted once, then reads one as get_fact gives it', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      {
        uriTemplate: `${SITE}/api/v1/facts/{id}`,
        name: 'record',
        title: 'A permis-facts record',
        description: expect.any(String),
        mimeType: 'application/json',
      },
    ]);
    const before = keys.length;
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      expect(page.resources.length).toBeLessThanOrEqual(50);
      uris.push(...page.resources.map((resource) => resource.uri));
      for (const resource of page.resources)
        expect(resource).toEqual({
          uri: `${SITE}/api/v1/facts/${resource.name}`,
          name: resource.name,
          title: expect.any(String),
          mimeType: 'application/json',
        });
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    const { corpus } = await apiJson('/');
    expect(new Set(uris).size).toBe(corpus.records);
    expect(pages).toBe(Math.ceil(corpus.records / 50));
    expect(keys.length - before).toBe(pages);

    const read = await client.readResource({ uri: uris[7]! });
    expect(read.contents).toHaveLength(1);
    expect(read.contents[0]).toMatchObject({ uri: uris[7], mimeType: 'application/json' });
    const tool = await client.callTool({ name: 'get_fact', arguments: { id: uris[7]!.split('/').at(-1) } });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(tool.structuredContent);
    expect(JSON.parse((read.contents[0] as { text: string }).text).reuse.terms).toEqual([...REUSE_TERMS]);
  });

  it('answers a resource that does not exist with -32002 and a bad cursor with -32602, naming the value', async () => {
    expect(await rpcFailure(client.readResource({ uri: `${SITE}/api/v1/facts/fait-0000000000000000` }))).toEqual({
      code: -32002,
      message: expect.stringContaining('no record has the id "fait-0000000000000000"'),
    });
    for (const uri of [
      `${SITE}/api/v1/facts/../openapi.json`,
      'https://elsewhere.example/api/v1/facts/fait-0000000000000000',
      `${SITE}/fiches/x/`,
    ]) {
      expect(await rpcFailure(client.readResource({ uri })), uri).toEqual({
        code: -32002,
        message: expect.stringContaining(
          `no resource at ${JSON.stringify(uri)}: a record's URI is ${SITE}/api/v1/facts/{id}`,
        ),
      });
    }
    for (const cursor of ['abc', '-1', '10001', '1e3']) {
      expect(await rpcFailure(client.listResources({ cursor })), cursor).toEqual({
        code: -32602,
        message: expect.stringContaining(
          `cursor must be a nextCursor of resources/list, got ${JSON.stringify(cursor)}`,
        ),
      });
    }
  });

  it('completes the kind and region arguments of the prompt from what was typed, case and accents ignored', async () => {
    const ref = { type: 'ref/prompt' as const, name: 'answer_from_records' };
    const values = async (name: string, value: string) =>
      (await client.complete({ ref, argument: { name, value } })).completion.values;
    expect(await values('kind', 'o')).toEqual(KINDS.filter((kind) => kind.startsWith('o')));
    expect(await values('kind', 'O')).toEqual(await values('kind', 'o'));
    expect(await values('kind', '')).toEqual([...KINDS]);
    expect(await values('region', 'b')).toEqual(['bruxelles', 'belgique']);
    expect(await values('region', 'Wä')).toEqual(['wallonie']);
    expect(await values('region', 'x')).toEqual([]);
    expect(await values('question', 'perm')).toEqual([]);
    expect(
      (
        await client.complete({
          ref: { type: 'ref/resource', uri: `${SITE}/api/v1/facts/{id}` },
          argument: { name: 'id', value: 'f' },
        })
      ).completion.values,
    ).toEqual([]);
    expect(
      await rpcFailure(
        client.complete({ ref: { type: 'ref/prompt', name: 'poem' }, argument: { name: 'kind', value: '' } }),
      ),
    ).toEqual({ code: -32602, message: expect.stringContaining('no prompt named "poem"') });
    expect(REGIONS).toContain('bruxelles');
  });

  it('offers a prompt that answers a question from the records, citing each record by its url under the reuse terms', async () => {
    const { prompts } = await client.listPrompts();
    expect(
      prompts.map(({ name, title, arguments: args }) => [name, title, args!.map((arg) => [arg.name, arg.required])]),
    ).toEqual([
      [
        'answer_from_records',
        'Answer from the records',
        [
          ['question', true],
          ['kind', false],
          ['region', false],
        ],
      ],
    ]);
    const prompt = await client.getPrompt({
      name: 'answer_from_records',
      arguments: { question: 'À quel âge passer le permis B ?', kind: 'fact', region: 'wallonie' },
    });
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.messages[0]!.role).toBe('user');
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('À quel âge passer le permis B ?');
    expect(text).toContain('search_facts tool (q: the key words of the question, kind: "fact", region: "wallonie")');
    expect(text).toContain('get_fact');
    expect(text).toContain('Cite every record you use by its url: permis-facts, with a link to the record page used.');
    for (const term of REUSE_TERMS) expect(text).toContain(term);
    expect(text).toContain(`${SITE}/reutilisation/`);
    const plain = await client.getPrompt({ name: 'answer_from_records', arguments: { question: 'permis moto' } });
    expect((plain.messages[0]!.content as { text: string }).text).toContain('(q: the key words of the question);');
  });

  it('refuses a prompt call with a missing, too long or unknown argument or a value outside the vocabulary, naming it', async () => {
    const get = (args: Record<string, string>, name = 'answer_from_records') =>
      rpcFailure(client.getPrompt({ name, arguments: args }));
    expect(await get({})).toEqual({ code: -32602, message: expect.stringContaining('question is required') });
    expect(await get({ question: 'x'.repeat(1001) })).toEqual({
      code: -32602,
      message: expect.stringContaining('question must be at most 1000 characters, got 1001'),
    });
    expect(await get({ question: 'x', kind: 'poem' })).toEqual({
      code: -32602,
      message: expect.stringContaining(`kind must be one of ${KINDS.join(', ')}, got "poem"`),
    });
    expect(await get({ question: 'x', region: 'mars' })).toEqual({
      code: -32602,
      message: expect.stringContaining(`region must be one of ${REGIONS.join(', ')}, got "mars"`),
    });
    expect(await get({ question: 'x', colour: 'red' })).toEqual({
      code: -32602,
      message: expect.stringContaining('unknown argument "colour"'),
    });
    expect(await get({ question: 'x' }, 'poem')).toEqual({
      code: -32602,
      message: expect.stringContaining('no prompt named "poem"'),
    });
  });

  it('counts each request once: resources, prompts and completions spend the quota like tool calls, and are refused past it', async () => {
    const { client: limited, keys: counted } = await connect(6);
    expect(counted).toEqual(['in-process']); // initialize (its notification is not a request)
    await limited.listResourceTemplates();
    await limited.listPrompts();
    await limited.complete({
      ref: { type: 'ref/prompt', name: 'answer_from_records' },
      argument: { name: 'kind', value: '' },
    });
    await limited.getPrompt({ name: 'answer_from_records', arguments: { question: 'x' } });
    await limited.listResources();
    expect(counted).toHaveLength(6);
    expect(await rpcFailure(limited.readResource({ uri: `${SITE}/api/v1/facts/fait-0000000000000000` }))).toEqual({
      code: -32029,
      message: expect.stringContaining('rate_limited'),
    });
  });
});
