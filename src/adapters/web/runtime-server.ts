/**
 * A whole site server as one Web-standard fetch function, for runtimes that serve HTTP themselves and read files
 * (Deno, Bun): /api/v1 and /mcp through the shared service, every other path from DIST_DIR with the Node server's
 * static rules (ETags, ranges, compressed siblings, the 404 page), and /healthz and /readyz as on `npm start`.
 * Settings come from the environment, as `npm start`'s, except SITE_URL, which defaults to the build's (the port a runtime listens on is not always in the environment).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSettings, type Settings } from '../../lib/config.ts';
import { ARTEFACTS } from '../../lib/paths.ts';
import { nodeCompress } from '../node/compress.ts';
import { buildSnapshot, readDist, snapshotChange, verifyDist } from '../builds/read-dist.ts';
import { healthReply, type Readiness } from '../node/health.ts';
import { pageMethodNotAllowed, staticFiles, type StaticReply } from '../node/static/static-files.ts';
import { createWebService } from './web-service.ts';

/** The server's fetch function, and the settings it runs with. */
export interface RuntimeServer {
  fetch(request: Request, clientAddress: string | undefined): Promise<Response>;
  settings: Settings;
}

/** Builds the server from environment variables (PORT, HOST, SITE_URL, DIST_DIR, RATE_LIMIT_PER_MINUTE, TRUST_PROXY...). */
export function createRuntimeServer(env: Record<string, string | undefined>): RuntimeServer {
  const settings = readSettings(env);
  const service = createWebService({
    read: readDist(settings.DIST_DIR),
    limit: settings.RATE_LIMIT_PER_MINUTE,
    siteUrl: env.SITE_URL ? settings.SITE_URL : builtSiteUrl(settings.DIST_DIR),
    trustProxy: settings.TRUST_PROXY,
    ipv6Prefix: settings.RATE_LIMIT_IPV6_PREFIX,
    compress: nodeCompress,
  });
  const files = staticFiles(settings.DIST_DIR);
  // /healthz and /readyz as on npm start: ready once the build's fixed artefacts are verified, and while none of them changed.
  const snapshot = buildSnapshot(settings.DIST_DIR);
  const readiness: Readiness = {
    loaded: false,
    quotaProblem: () => null,
    buildProblem: async () => snapshotChange(settings.DIST_DIR, await snapshot, await buildSnapshot(settings.DIST_DIR)),
  };
  const verified = verifyDist(settings.DIST_DIR).then(
    () => void (readiness.loaded = true),
    (error: Error) => console.error(error.message),
  );
  async function fetch(request: Request, clientAddress: string | undefined): Promise<Response> {
    const health = healthReply(request.method, new URL(request.url).pathname, readiness);
    if (health) {
      await verified;
      const reply = await health;
      return new Response(reply.body as string, { status: reply.status, headers: reply.headers });
    }
    const answer = service(request, clientAddress);
    if (answer) return answer;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return toResponse(pageMethodNotAllowed(request.method), false);
    const pathname = new URL(request.url).pathname;
    const reply = await files({
      method: request.method,
      pathname,
      header: (name) => request.headers.get(name) ?? undefined,
    });
    return toResponse(reply, request.method === 'HEAD');
  }
  return { fetch, settings };
}

/** The site address the build in `distDir` was made with (its OpenAPI `servers`): the default SITE_URL, as on the worker. */
function builtSiteUrl(distDir: string): string {
  const { servers } = JSON.parse(readFileSync(join(distDir, ARTEFACTS.openapi), 'utf8')) as {
    servers: { url: string }[];
  };
  return new URL(servers[0]!.url).origin;
}

/** A static reply as a Response (HEAD: the same headers, no body). */
function toResponse(reply: StaticReply, head: boolean): Response {
  const hasBody = !head && reply.status !== 304;
  return new Response(hasBody ? (typeof reply.body === 'string' ? reply.body : new Uint8Array(reply.body)) : null, {
    status: reply.status,
    headers: reply.headers,
  });
}
