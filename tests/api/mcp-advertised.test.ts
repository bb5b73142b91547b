/** The MCP endpoint is advertised where clients look: the catalogue (`mcp`) and the OpenAPI document (`x-mcp`). */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../../src/lib/mcp/prompts.ts';
import { TOOLS } from '../../src/lib/mcp/tools.ts';
import { get, testHandler } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';

const api = testHandler();
const json = async (path: string) => (await (await get(api, path)).json()) as Record<string, any>;

describe('the MCP endpoint in the catalogue and the OpenAPI document', () => {
  it('the catalogue names /mcp on the site, its transport, its tools and its shared quota', async () => {
    const { mcp } = await json('/api/v1/?po_live=1');
    expect(mcp.url).toBe(`${testSettings.SITE_URL}/mcp`);
    expect(mcp.protocol).toMatch(/^Model Context Protocol .*Streamable HTTP/);
    expect(mcp.transport).toMatch(/POST JSON-RPC .* at most 64 KiB/);
    expect(mcp.tools).toEqual(TOOLS.map(({ name, description }) => ({ name, description })));
    expect(mcp.quota).toMatch(/same quota as this API.*-32029/);
    expect(mcp.documentation).toBe(`${testSettings.SITE_URL}/api/#mcp`);
  });

  it('the catalogue names the record resources by a template that resolves to the record, the prompts and the completions', async () => {
    const { mcp } = await json('/api/v1/?po_live=1');
    expect(mcp.resources.uri_template).toBe(`${testSettings.SITE_URL}/api/v1/facts/{id}`);
    const [first] = (await json('/api/v1/facts?po_live=1&limit=1')).results;
    const resolved = new URL(mcp.resources.uri_template.replace('{id}', first.id));
    expect((await json(`${resolved.pathname}?po_live=1`)).id).toBe(first.id);
    expect(mcp.resources.description).toMatch(/resources\/list .* 50 a page/);
    expect(mcp.prompts).toEqual(PROMPTS.map(({ name, description }) => ({ name, description })));
    expect(mcp.completions).toMatch(/kind and region/);
  });

  it('OpenAPI carries the same description as the x-mcp extension, not as a path, and stays valid', async () => {
    const doc = await json('/api/v1/openapi.json');
    const { mcp } = await json('/api/v1/?po_live=1');
    expect(doc['x-mcp']).toEqual(mcp);
    expect(Object.keys(doc.paths)).toEqual(['/', '/facts', '/facts/{id}', '/downloads/{file}', '/openapi.json']);
    expect(doc.info.description).toContain(
      `MCP server for assistants, at ${testSettings.SITE_URL}/mcp, shares this quota`,
    );
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
  });
});
