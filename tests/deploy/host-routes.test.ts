/**
 * The hosts' routing configurations agree: Cloudflare (wrangler.jsonc run_worker_first), Netlify (netlify.toml edge
 * functions) and Vercel (the Build Output API routes of scripts/lib/host-layout.ts) send exactly /api/v1, /api/v1/*,
 * /mcp and /mcp/* to the handler, before any static file, and everything else to the files. Each layout is run for real in
 * tests/runtimes (projects netlify and vercel).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { VERCEL_FUNCTION, VERCEL_ROUTES } from '../../scripts/lib/host-layout.ts';

const wrangler = parseJsonc(readFileSync('wrangler.jsonc', 'utf8')) as { assets: { run_worker_first: string[] } };
const netlify = parseToml(readFileSync('netlify.toml', 'utf8')) as {
  build: { command: string; publish: string };
  edge_functions: { path: string; function: string }[];
};
const vercel = JSON.parse(readFileSync('vercel.json', 'utf8')) as { buildCommand: string };
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

const HANDLER_PATHS = [
  '/api/v1',
  '/api/v1/',
  '/api/v1/facts',
  '/api/v1/facts/brand-02d2c33de40f2b0f',
  '/api/v1/openapi.json',
  '/api/v1/index.json',
  '/mcp',
  // A near miss of /mcp gets the handler's JSON 404 naming /mcp (src/adapters/service.ts).
  '/mcp/',
  '/mcp/sse',
];
const STATIC_PATHS = [
  '/',
  '/api',
  '/api/',
  '/api/v10',
  '/api/v1.json',
  '/mcpx',
  '/fiches/x/',
  '/search/manifest.json',
  '/_artefacts/api/v1/index.json',
];

describe('host routing configurations', () => {
  it('Netlify runs the edge function, before static files, on the same paths as run_worker_first on Cloudflare', () => {
    expect(netlify.edge_functions.map((route) => route.path)).toEqual(wrangler.assets.run_worker_first);
    for (const route of netlify.edge_functions)
      expect(existsSync(`netlify/edge-functions/${route.function}.ts`), route.function).toBe(true);
    expect(netlify.build.command).toContain('npm run layout:netlify');
    expect(packageJson.scripts['layout:netlify']).toContain('host-layout.ts netlify');
    expect(netlify.build.publish).toBe('build/netlify');
  });

  it('Vercel sends exactly the API and /mcp to the edge middleware, before the file system', () => {
    const handlerRoute = VERCEL_ROUTES.findIndex((route) => 'middlewarePath' in route);
    expect(handlerRoute).toBeLessThan(
      VERCEL_ROUTES.findIndex((route) => 'handle' in route && route.handle === 'filesystem'),
    );
    const route = VERCEL_ROUTES[handlerRoute] as { src: string; middlewarePath: string };
    expect(route.middlewarePath).toBe(VERCEL_FUNCTION);
    const pattern = new RegExp(route.src);
    expect(HANDLER_PATHS.filter((path) => !pattern.test(path))).toEqual([]);
    expect(STATIC_PATHS.filter((path) => pattern.test(path))).toEqual([]);
    expect(vercel.buildCommand).toContain('npm run layout:vercel');
  });

  it('run_worker_first (and so Netlify) covers the same paths as the Vercel route', () => {
    // Cloudflare's patterns: an exact path, or a prefix ending in /*.
    const matches = (path: string) =>
      wrangler.assets.run_worker_first.some((rule) =>
        rule.endsWith('/*') ? path.startsWith(rule.slice(0, -1)) : path === rule,
      );
    expect(HANDLER_PATHS.filter((path) => !matches(path))).toEqual([]);
    expect(STATIC_PATHS.filter(matches)).toEqual([]);
  });
});
