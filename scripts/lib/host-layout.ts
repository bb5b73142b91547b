/**
 * Lays a build out for a static host with an edge function in front (Netlify, Vercel): the site as it is, plus a
 * copy of dist/api/ under HOSTED_ARTEFACTS for the function to read, since /api/v1 itself is routed to the function.
 */
import { cp, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { HOSTED_ARTEFACTS } from '../../src/adapters/web/static-host.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The Vercel entry, bundled into the Build Output API's edge function. */
export const VERCEL_ENTRY = join(ROOT, 'src/adapters/web/vercel-edge.ts');
/** Name of the Vercel function (functions/<name>.func) that config.json routes to. */
export const VERCEL_FUNCTION = 'permis-facts';

/**
 * Vercel's routes (Build Output API v3): the API and /mcp go to the edge middleware before the file system, as
 * run_worker_first does on Cloudflare; then files; then the 404 page.
 */
export const VERCEL_ROUTES = [
  { src: '^/(?:api/v1|mcp)(?:/.*)?$', middlewarePath: VERCEL_FUNCTION, continue: true },
  { handle: 'filesystem' },
  { src: '^/.*$', dest: '/404.html', status: 404 },
] as const;

/** One rule of a `_headers` file: a path pattern (`*` for any characters) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Parses a `_headers` file (Netlify's and Cloudflare's format: a path line, then indented `name: value` lines). */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else if (rules.length > 0) {
      const colon = line.indexOf(':');
      rules.at(-1)!.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}

/** The rules that concern files: those of /api/v1 are dropped, since the function answers there with its own headers. */
export function staticHeaderRules(rules: HeaderRule[]): HeaderRule[] {
  return rules.filter((rule) => !rule.path.startsWith('/api/'));
}

/** Copies the site to `publish`, with dist/api/ also under HOSTED_ARTEFACTS, and `_headers` without the API's rules (Netlify's publish folder). */
export async function staticLayout(dist: string, publish: string): Promise<void> {
  // DIST_DIR is a link to the build's own folder: copy the folder (fs.cp would copy the link itself).
  const distDir = await realpath(dist);
  await rm(publish, { recursive: true, force: true });
  await mkdir(publish, { recursive: true });
  await cp(distDir, publish, { recursive: true });
  await cp(join(distDir, 'api'), join(publish, HOSTED_ARTEFACTS, 'api'), { recursive: true });
  const rules = staticHeaderRules(parseHeaders(await readFile(join(distDir, '_headers'), 'utf8')));
  await writeFile(
    join(publish, '_headers'),
    `${rules.map((rule) => [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n')}\n`,
  );
}

/**
 * Vercel does not read `_headers`: its file rules become routes that add headers and go on, placed after the
 * middleware's route (whose answers keep the handler's headers alone) and before the file system.
 */
export function vercelHeaderRoutes(
  rules: HeaderRule[],
): { src: string; headers: Record<string, string>; continue: true }[] {
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return staticHeaderRules(rules).map((rule) => ({
    src: `^${rule.path.split('*').map(literal).join('.*')}$`,
    headers: rule.headers,
    continue: true,
  }));
}

/** Writes a Build Output API v3 folder (`.vercel/output`): static files, the edge middleware, config.json. */
export async function vercelLayout(distDir: string, output: string): Promise<void> {
  await staticLayout(distDir, join(output, 'static'));
  const func = join(output, 'functions', `${VERCEL_FUNCTION}.func`);
  await rm(func, { recursive: true, force: true });
  await bundleVercelEntry(join(func, 'index.js'));
  await writeFile(
    join(func, '.vc-config.json'),
    `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js', envVarsInUse: ['SITE_URL', 'RATE_LIMIT_PER_MINUTE'] }, null, 2)}\n`,
  );
  const [middleware, ...rest] = VERCEL_ROUTES;
  const headerRoutes = vercelHeaderRoutes(parseHeaders(await readFile(join(distDir, '_headers'), 'utf8')));
  await writeFile(
    join(output, 'config.json'),
    `${JSON.stringify({ version: 3, routes: [middleware, ...headerRoutes, ...rest] }, null, 2)}\n`,
  );
}

/** Bundles the Vercel entry into one ES module for the edge runtime (no Node built-ins). */
export async function bundleVercelEntry(outfile: string): Promise<void> {
  await build({
    entryPoints: [VERCEL_ENTRY],
    outfile,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    conditions: ['edge-light', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
}
