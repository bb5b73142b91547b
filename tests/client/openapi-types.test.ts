import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/lib/publish/openapi.ts';

/** A small client written against the generated types only, as someone else's project would. */
const CLIENT = `
import type { components, paths } from './api.ts';

type Json<P extends keyof paths> = paths[P]['get']['responses'][200]['content']['application/json'];
type Query = NonNullable<paths['/facts']['get']['parameters']['query']>;

async function get<P extends keyof paths>(base: string, path: P, query: Record<string, string> = {}): Promise<Json<P>> {
  const url = new URL(base + path);
  for (const [name, value] of Object.entries({ ...query, po_live: '1' })) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(((await response.json()) as components['schemas']['Error']).error?.message);
  return (await response.json()) as Json<P>;
}

export async function tour(base: string): Promise<string[]> {
  const catalogue = await get(base, '/');
  const records: number = catalogue.corpus.records;
  const lessons: number = catalogue.corpus.by_kind.lesson;
  const tools: string[] = catalogue.mcp.tools.map((tool) => tool.name);
  const attribution: string = catalogue.reuse.attribution;
  const limit: number = catalogue.limits.limit.max;
  const query: Query = { q: 'permis', region: 'wallonie', limit: 5 };
  const page = await get(base, '/facts', { q: query.q ?? '', region: query.region ?? '' });
  const titles: string[] = page.results.map((fact) => fact.title);
  const document = await get(base, '/openapi.json');
  const license: string = document.info.license.url;
  const mcp: string = document['x-mcp'].url;
  return [String(records + lessons + limit), ...tools, attribution, ...titles, license, mcp];
}
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-types-'));
  await writeFile(
    join(dir, 'api.ts'),
    astToString(await openapiTS(buildOpenApi('https://permis.example.be') as never)),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** TypeScript's errors (strict) for a client file next to the generated api.ts. */
async function typeErrors(client: string): Promise<string[]> {
  await writeFile(join(dir, 'client.ts'), client);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  };
  const program = ts.createProgram([join(dir, 'client.ts')], options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('types generated from openapi.json by openapi-typescript', () => {
  it('type-check a small client that reads the catalogue, a search and the document itself', async () => {
    expect(await typeErrors(CLIENT)).toEqual([]);
  }, 60_000);

  it('catch a client that misreads a body (the catalogue is not Record<string, never>)', async () => {
    const errors = await typeErrors(
      CLIENT.replace(
        'const records: number = catalogue.corpus.records;',
        'const records: number = catalogue.corpus.count;',
      ),
    );
    expect(errors.join('\n')).toMatch(/Property 'count' does not exist/);
  }, 60_000);
});
