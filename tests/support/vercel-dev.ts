/**
 * Stands in for Vercel in tests: serves a Build Output API folder (.vercel/output) by its config.json routes, running
 * the edge middleware in edge-runtime (Vercel's edge runtime, from npm) and the rest from static/. The client address
 * goes to the middleware as X-Real-IP, as Vercel sets it (kept when the test sends one, to stand for several clients).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';
import { staticFiles } from '../../src/adapters/node/static/static-files.ts';
import { staticResponse } from './static-response.ts';

/** A running stand-in: its address and a way to stop it. */
export interface VercelDev {
  url: URL;
  stop(): Promise<void>;
}

type Route = {
  handle?: string;
  src?: string;
  dest?: string;
  status?: number;
  middlewarePath?: string;
  continue?: boolean;
  headers?: Record<string, string>;
};

/** Serves `output` on 127.0.0.1 (a free port), with `env` as the functions' process.env. */
export async function startVercelDev(output: string, env: Record<string, string>): Promise<VercelDev> {
  const { routes } = JSON.parse(await readFile(join(output, 'config.json'), 'utf8')) as { routes: Route[] };
  const files = staticFiles(join(output, 'static'));
  const runtimes = new Map<string, Promise<EdgeRuntime>>();

  async function middleware(name: string): Promise<EdgeRuntime> {
    const config = JSON.parse(await readFile(join(output, 'functions', `${name}.func`, '.vc-config.json'), 'utf8')) as {
      runtime: string;
      entrypoint: string;
    };
    if (config.runtime !== 'edge') throw new Error(`${name}: runtime ${config.runtime}, not edge`);
    // edge-runtime runs a script with a fetch listener; Vercel runs the ES module's default export: wrap it.
    const module = await readFile(join(output, 'functions', `${name}.func`, config.entrypoint), 'utf8');
    const { code } = await transform(module, { format: 'iife', globalName: '__entry', target: 'es2022' });
    const initialCode = `${code}\naddEventListener('fetch', (event) => event.respondWith(__entry.default(event.request)));`;
    return new EdgeRuntime({ initialCode, extend: (context) => Object.assign(context, { process: { env } }) });
  }

  // `added`: headers of the `continue` routes matched so far, as Vercel adds them to the file that answers.
  const staticReply = (request: Request, pathname: string, added: Record<string, string>, status?: number) =>
    staticResponse(files, request, pathname, { status, headers: Object.entries(added) });

  async function route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    let added: Record<string, string> = {};
    for (const rule of routes) {
      if (rule.handle === 'filesystem') {
        const found = await staticReply(request, pathname, added);
        if (found.status !== 404) return found;
      } else if (rule.src && new RegExp(rule.src).test(pathname)) {
        if (rule.middlewarePath) {
          let runtime = runtimes.get(rule.middlewarePath);
          if (!runtime) runtimes.set(rule.middlewarePath, (runtime = middleware(rule.middlewarePath)));
          const init = {
            method: request.method,
            headers: [...request.headers],
            ...(request.body && { body: await request.arrayBuffer() }),
          };
          const answer = (await (await runtime).dispatchFetch(request.url, init)) as unknown as Response;
          if (!answer.headers.has('x-middleware-next')) return answer;
        } else if (rule.dest) return staticReply(request, rule.dest, added, rule.status);
        else if (rule.headers) added = { ...added, ...rule.headers };
      }
    }
    return new Response('no route', { status: 404 });
  }

  const server: Server = createServer(async (req, res) => {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    if (!headers.has('x-real-ip')) headers.set('x-real-ip', req.socket.remoteAddress ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method,
      headers,
      ...(method !== 'GET' && method !== 'HEAD' && { body: Buffer.concat(chunks) }),
    });
    const response = await route(request).catch(
      (error: Error) => new Response(`vercel-dev: ${error.stack}`, { status: 500 }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    // Bodies are already decoded by fetch inside the runtime: send them as they are.
    response.headers.delete('content-length');
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => server.closeAllConnections()),
  };
}
