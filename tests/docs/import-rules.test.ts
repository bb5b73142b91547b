import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { describeEdge, importsUnder, type ImportEdge } from './imports.ts';

/** The import cycles among the files of a folder, each as the files it goes through. */
function cycles(folder: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of importsUnder(folder))
    if (edge.target) graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.target]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** Relative imports that land in one of these folders. */
const into = (folders: string[]) => (edge: ImportEdge) =>
  edge.target !== undefined && folders.some((folder) => edge.target!.startsWith(`${folder}/`));
const isAstro = (edge: ImportEdge) =>
  edge.specifier === 'astro' || edge.specifier.startsWith('astro:') || edge.specifier.startsWith('astro/');

describe('import rules of ARCHITECTURE.md', () => {
  it('finds the imports it checks (the reader sees static, type-only and dynamic imports)', () => {
    const lib = importsUnder('src/lib');
    expect(lib.some((edge) => edge.specifier === 'zod')).toBe(true);
    expect(lib.length).toBeGreaterThan(100);
    expect(
      importsUnder('src/adapters').some(
        (edge) => edge.from === 'src/adapters/service.ts' && edge.target?.startsWith('src/lib/mcp/'),
      ),
    ).toBe(true);
  });

  it('src/lib never imports from adapters, the Astro site, the browser code, scripts, tests or Astro', () => {
    const forbidden = into([
      'src/adapters',
      'src/pages',
      'src/components',
      'src/layouts',
      'src/data',
      'src/browser',
      'src/client',
      'src/conformance',
      'scripts',
      'tests',
    ]);
    expect(
      importsUnder('src/lib')
        .filter((edge) => forbidden(edge) || isAstro(edge))
        .map(describeEdge),
    ).toEqual([]);
  });

  it('src/lib/schema is a leaf: zod and its own modules only', () => {
    expect(
      importsUnder('src/lib/schema')
        .filter((edge) => edge.specifier !== 'zod' && !edge.target?.startsWith('src/lib/schema/'))
        .map(describeEdge),
    ).toEqual([]);
  });

  it('adapters never import the Astro site, scripts, tests or Astro', () => {
    const forbidden = into(['src/pages', 'src/components', 'src/layouts', 'src/data', 'scripts', 'tests']);
    expect(
      importsUnder('src/adapters')
        .filter((edge) => forbidden(edge) || isAstro(edge))
        .map(describeEdge),
    ).toEqual([]);
  });

  it('nothing in src/ imports from scripts/ or tests/', () => {
    expect(
      importsUnder('src')
        .filter(into(['scripts', 'tests']))
        .map(describeEdge),
    ).toEqual([]);
  });

  it('src/ and scripts/ reach the search module only through its entry files (src/lib/search/index.ts, and build.ts for the build)', () => {
    const entries = new Set(['src/lib/search/index.ts', 'src/lib/search/build.ts']);
    const outside = [...importsUnder('src'), ...importsUnder('scripts')].filter(
      (edge) => !edge.from.startsWith('src/lib/search/'),
    );
    expect(outside.some((edge) => edge.target !== undefined && entries.has(edge.target))).toBe(true);
    expect(
      outside.filter((edge) => into(['src/lib/search'])(edge) && !entries.has(edge.target!)).map(describeEdge),
    ).toEqual([]);
  });

  it("the browser bundle leaves out the search module's build side (build.ts: file system, YAML, MiniSearch)", async () => {
    const result = await build({
      entryPoints: ['src/browser/search-page.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(
      inputs.filter(
        (file) =>
          file === 'src/lib/search/build.ts' ||
          file.startsWith('src/lib/search/index/shard-build') ||
          /node_modules\/(yaml|minisearch)\//.test(file),
      ),
    ).toEqual([]);
  });

  it('the conformance checks do not use our own handler, search or records code', () => {
    expect(
      importsUnder('src/conformance')
        .filter(into(['src/lib/api', 'src/lib/search', 'src/lib/records', 'src/adapters']))
        .map(describeEdge),
    ).toEqual([]);
  });

  it('imports go one way: no cycle in src/ or scripts/ (type-only imports included)', () => {
    expect(cycles('src').map((cycle) => cycle.join(' -> '))).toEqual([]);
    expect(cycles('scripts').map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('the browser bundle never pulls zod nor the MCP SDK', async () => {
    const result = await build({
      entryPoints: ['src/browser/search-page.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/lib/search/query/search-engine.ts');
    expect(inputs.filter((file) => /node_modules\/(zod|@modelcontextprotocol)\//.test(file))).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/ZodError|\$ZodType/);
  });
});
