/**
 * The rule of ARCHITECTURE.md that no file importing a Node module reaches the Cloudflare worker's bundle or the
 * browser's: workerd runs the worker without nodejs_compat (wrangler.jsonc), and a browser has no Node. Each entry is
 * bundled as its host's bundler would (esbuild, the worker and browser export conditions), then the module graph is
 * walked from the entry, naming every file reached that imports `node:*` or a bare Node built-in, and how it was reached.
 */
import { builtinModules } from 'node:module';
import { readdirSync } from 'node:fs';
import { build, type Metafile, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown.ts';

const BUILTINS = new Set(builtinModules);
const isNodeModule = (specifier: string) =>
  specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!);

/** Leaves Node modules and the Workers runtime's own modules out of the bundle, as imports the graph can name. */
const externals: Plugin = {
  name: 'runtime-modules',
  setup(bundler) {
    bundler.onResolve({ filter: /^[a-z_:]+[a-z_/]*$/ }, ({ path }) =>
      isNodeModule(path) || path.startsWith('cloudflare:') ? { path, external: true } : undefined,
    );
  },
};

/** The metafile of `entry` bundled for the browser-like runtimes (the worker and the page share these conditions). */
async function bundleGraph(entry: string): Promise<Metafile> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [externals],
  });
  return result.metafile;
}

/** Each file reached from `entry` that imports a Node module, as "entry -> … -> file imports node:x". */
async function nodeImportsReached(entry: string): Promise<string[]> {
  const { inputs } = await bundleGraph(entry);
  const found: string[] = [];
  const seen = new Set<string>([entry]);
  const queue: string[][] = [[entry]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain.at(-1)!;
    for (const { path, external } of inputs[file]?.imports ?? []) {
      if (external && isNodeModule(path)) found.push(`${chain.join(' -> ')} imports ${path}`);
      else if (!external && !seen.has(path)) {
        seen.add(path);
        queue.push([...chain, path]);
      }
    }
  }
  return found;
}

describe("no Node module in the worker's or the browser's bundle", () => {
  it('the Cloudflare worker (wrangler.jsonc main) reaches no file that imports a Node module', async () => {
    const reached = Object.keys((await bundleGraph('src/adapters/cloudflare/worker.ts')).inputs);
    // The walk covers the service and its lazily loaded MCP endpoint, not only the entry.
    expect(reached).toContain('src/adapters/service.ts');
    expect(reached).toContain('src/lib/mcp/mcp-endpoint.ts');
    expect(await nodeImportsReached('src/adapters/cloudflare/worker.ts')).toEqual([]);
  });

  const browserEntries = readdirSync(`${ROOT}/src/browser`)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `src/browser/${name}`);
  it.each(browserEntries)('the browser entry %s reaches no file that imports a Node module', async (entry) => {
    expect(await nodeImportsReached(entry)).toEqual([]);
  });

  it('catches a planted Node import, static, dynamic or bare, and names the file, the import and the way there', async () => {
    const entry = 'tests/fixtures/node-imports/entry.ts';
    const planted = `${entry} -> tests/fixtures/node-imports/planted.ts imports`;
    expect((await nodeImportsReached(entry)).sort()).toEqual([
      `${planted} node:crypto`,
      `${planted} node:path`,
      `${planted} path`,
    ]);
  });
});
