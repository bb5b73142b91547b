/** Node-only: the server behind `npm start`: /api/v1/* goes to the handler, everything else to dist/. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { API_BASE } from '../lib/paths.ts';
import { createApiHandler, type ApiHandler } from '../lib/api/handler.ts';
import type { Settings } from '../lib/config.ts';
import { nodeCompress } from './node-compress.ts';
import { readDist } from './read-dist.ts';
import { staticFiles } from './static-files.ts';

/** The request's URL, from its path and Host header; the scheme comes from X-Forwarded-Proto only behind a trusted proxy. */
function requestUrl(req: IncomingMessage, trustProxy: number): URL {
  const proto = trustProxy > 0 && req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const path = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
  try {
    return new URL(`${proto}://${req.headers.host ?? 'localhost'}${path}`);
  } catch {
    return new URL(path.replace(/^\/+/, '/'), `${proto}://localhost`);
  }
}

/** One request header as a Request would give it: repeated values joined with ", ", null when absent. */
function nodeHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/** The site server and the handler it uses (exposed so that start-up can warm it). */
export function createSiteServer(settings: Settings, handler?: ApiHandler): { server: Server; handler: ApiHandler } {
  const api =
    handler ??
    createApiHandler({
      read: readDist(settings.DIST_DIR),
      rateLimit: { limit: settings.RATE_LIMIT_PER_MINUTE },
      trustProxy: settings.TRUST_PROXY,
      siteUrl: settings.SITE_URL,
      compress: nodeCompress,
    });
  const files = staticFiles(settings.DIST_DIR);

  const server = createServer(async (req, res) => {
    try {
      const url = requestUrl(req, settings.TRUST_PROXY);
      const method = req.method ?? 'GET';
      if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)) {
        // The plain-reply path: no Request or Response objects on the hot path.
        const headers = { get: (name: string) => nodeHeader(req, name) };
        const reply = await api.reply({ method, url: url.href, parsedUrl: url, headers }, { clientAddress: req.socket.remoteAddress });
        // The body is already in its coding (cached bytes): written as is, with its length; a 304 has neither.
        const length = reply.status === 304 ? undefined : typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length;
        res.writeHead(reply.status, length === undefined ? reply.headers : { ...reply.headers, 'content-length': String(length) });
        res.end(reply.status === 304 ? undefined : reply.body);
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end('Méthode non autorisée');
        return;
      }
      const reply = await files(url.pathname);
      res.writeHead(reply.status, reply.headers);
      res.end(method === 'HEAD' ? undefined : reply.body);
    } catch (error) {
      console.error('[server] unexpected error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Erreur interne');
    }
  });
  return { server, handler: api };
}
