/**
 * Deno program standing in for Netlify in tests: serves PUBLISH_DIR as static files (with its _headers) and runs the edge function of
 * each netlify.toml declaration (EDGE_ROUTES: JSON [{path, function}]) first on the paths it declares, with a Context
 * like Netlify's (ip from X-Nf-Client-Connection-Ip, as Netlify sets it, else the socket; next() = the static file).
 * Prints `netlify-dev listening on http://127.0.0.1:PORT/`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { staticFiles } from '../../src/adapters/node/static/static-files.ts';
import { staticResponse } from './static-response.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response>,
  ): unknown;
};
declare const URLPattern: new (init: { pathname: string }) => { test(input: string): boolean };
type EdgeFunction = (
  request: Request,
  context: { ip: string; next(): Promise<Response> },
) => Promise<Response | undefined>;

// Netlify's global of edge functions: environment variables.
Object.assign(globalThis, { Netlify: { env: { get: (name: string) => Deno.env.get(name) } } });

const publish = Deno.env.get('PUBLISH_DIR')!;
const routes = (JSON.parse(Deno.env.get('EDGE_ROUTES')!) as { path: string; function: string }[]).map((route) => ({
  pattern: new URLPattern({ pathname: route.path }),
  name: route.function,
}));
const functions = new Map<string, Promise<EdgeFunction>>();
const files = staticFiles(publish);
// Netlify adds the rules of the publish folder's _headers to the files it serves.
const headerRules: { pattern: RegExp; headers: [string, string][] }[] = [];
for (const line of (await readFile(join(publish, '_headers'), 'utf8')).split('\n')) {
  if (!line.trim()) continue;
  if (!/^\s/.test(line))
    headerRules.push({
      pattern: new RegExp(
        `^${line
          .trim()
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
      headers: [],
    });
  else
    headerRules
      .at(-1)
      ?.headers.push([line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
}

async function serveStatic(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const headers = headerRules.filter((rule) => rule.pattern.test(pathname)).flatMap((rule) => rule.headers);
  return staticResponse(files, request, pathname, { headers });
}

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`netlify-dev listening on http://127.0.0.1:${port}/`),
  },
  async (request, info) => {
    const route = routes.find(({ pattern }) => pattern.test(request.url));
    if (!route) return serveStatic(request);
    let loaded = functions.get(route.name);
    if (!loaded)
      functions.set(
        route.name,
        (loaded = import(`../../netlify/edge-functions/${route.name}.ts`).then(
          (module: { default: EdgeFunction }) => module.default,
        )),
      );
    const ip = request.headers.get('x-nf-client-connection-ip') ?? info.remoteAddr.hostname;
    return (await (await loaded)(request, { ip, next: () => serveStatic(request) })) ?? serveStatic(request);
  },
);
