/** Local servers for the sources checker's tests: every answer a link can get, on 127.0.0.1 and port 0. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** A running server: its origin, the requests it saw, and how to stop it. */
export interface LinkServer {
  origin: string;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: number) => void;

/** Answers by path; `seen` counts the requests to that path so far (1 for the first). */
const ROUTES: Record<string, Handler> = {
  '/ok': (_, res) => res.writeHead(200).end('ok'),
  '/chain/3': (_, res) => res.writeHead(301, { location: '/chain/2' }).end(),
  '/chain/2': (_, res) => res.writeHead(301, { location: '/chain/1' }).end(),
  '/chain/1': (_, res) => res.writeHead(301, { location: '/ok' }).end(),
  '/temporary': (_, res) => res.writeHead(302, { location: '/ok' }).end(),
  '/loop/a': (_, res) => res.writeHead(301, { location: '/loop/b' }).end(),
  '/loop/b': (_, res) => res.writeHead(301, { location: '/loop/a' }).end(),
  '/missing': (_, res) => res.writeHead(404).end(),
  '/gone': (_, res) => res.writeHead(410).end(),
  // Never answers: the checker's timeout must end it.
  '/hang': () => {},
  '/no-head': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end(),
  '/busy': (_, res, seen) => (seen === 1 ? res.writeHead(429, { 'retry-after': '2' }).end() : res.writeHead(200).end()),
  '/busy-long': (_, res) => res.writeHead(429, { 'retry-after': '3600' }).end(),
  '/always-busy': (_, res) => res.writeHead(429, { 'retry-after': '1' }).end(),
  '/down': (_, res, seen) => (seen === 1 ? res.writeHead(503, { 'retry-after': '1' }).end() : res.writeHead(200).end()),
};

async function listen(server: Server, scheme: string): Promise<LinkServer> {
  const requests: LinkServer['requests'] = [];
  const counts = new Map<string, number>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path });
    const seen = (counts.get(path) ?? 0) + 1;
    counts.set(path, seen);
    (ROUTES[path] ?? ((_, r) => r.writeHead(404).end()))(req, res, seen);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${scheme}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The plain HTTP server. */
export const startLinkServer = () => listen(createServer(), 'http');

/** An HTTPS server with a self-signed certificate made here by openssl: a TLS failure for any client that checks certificates. */
export function startSelfSignedServer(): Promise<LinkServer> {
  const dir = mkdtempSync(join(tmpdir(), 'permis-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return listen(createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }), 'https');
}
