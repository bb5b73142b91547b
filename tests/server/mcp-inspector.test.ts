/**
 * The MCP Inspector's CLI mode (@modelcontextprotocol/inspector, offline), as a new user tries a server: it lists
 * the tools, resources, resource templates and prompts, over Streamable HTTP at /mcp and over `npm run mcp`.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const INSPECTOR = resolve(ROOT, 'node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');
const LISTS = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
} as const;

/** Runs the Inspector CLI on `target` (a URL, or a command and its arguments) and parses what it prints. */
async function inspect(target: string[], args: string[]): Promise<Record<string, any>> {
  const { stdout } = await promisify(execFile)(process.execPath, [INSPECTOR, '--cli', ...target, ...args], {
    cwd: ROOT,
    timeout: 120_000,
    maxBuffer: 2 ** 24,
  });
  return JSON.parse(stdout);
}

/** Checks every list the Inspector shows, and one call of each kind, on `target`. */
async function checkAll(target: string[], siteUrl: string) {
  const lists = await Promise.all(Object.keys(LISTS).map((method) => inspect(target, ['--method', method])));
  const [tools, resources, templates, prompts] = lists.map(
    (answer, i) => answer[Object.values(LISTS)[i]!] as Record<string, any>[],
  );
  expect(tools!.map((tool) => [tool.name, tool.annotations.readOnlyHint, typeof tool.outputSchema])).toEqual([
    ['search_facts', true, 'object'],
    ['get_fact', true, 'object'],
    ['list_facets', true, 'object'],
  ]);
  expect(resources).toHaveLength(50);
  expect(resources![0]!.uri).toBe(`${siteUrl}/api/v1/facts/${resources![0]!.name}`);
  expect(templates!.map((template) => template.uriTemplate)).toEqual([`${siteUrl}/api/v1/facts/{id}`]);
  expect(prompts!.map((prompt) => prompt.name)).toEqual(['answer_from_records']);
  const [search, read, prompt] = await Promise.all([
    inspect(target, ['--method', 'tools/call', '--tool-name', 'search_facts', '--tool-arg', 'q=permis']),
    inspect(target, ['--method', 'resources/read', '--uri', resources![0]!.uri]),
    inspect(target, [
      '--method',
      'prompts/get',
      '--prompt-name',
      'answer_from_records',
      '--prompt-args',
      'question=permis moto',
      'kind=fact',
    ]),
  ]);
  expect(search.structuredContent.results).toHaveLength(10);
  expect(JSON.parse(read.contents[0].text).record.id).toBe(resources![0]!.name);
  expect(prompt.messages[0].content.text).toContain('permis moto');
}

describe('the MCP Inspector CLI, offline', () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startSiteServer();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists tools, resources, resource templates and prompts over Streamable HTTP at /mcp, and calls each', async () => {
    await checkAll([`${site.origin}/mcp`, '--transport', 'http'], site.origin);
  }, 240_000);

  it('lists tools, resources, resource templates and prompts over stdio (scripts/mcp.ts, what npm run mcp runs), and calls each', async () => {
    // Every setting the test build was made with: the Inspector's child gets only these, and a missing one (the topics
    // file, the error-report address) would make scripts/mcp.ts rebuild the shared test build under the other tests.
    const envArgs = Object.entries(testBuildEnv).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
    await checkAll([...envArgs, process.execPath, resolve(ROOT, 'scripts/mcp.ts')], testSettings.SITE_URL);
  }, 240_000);
});
