/** A fake deployment of the spec for import tests: serves GET /api/v1/facts from a list, or misbehaves as told. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A minimal valid record (spec Fact) number `n`, with overrides. */
export function fakeFact(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `fait-${n.toString(16).padStart(16, '0')}`;
  return {
    id,
    kind: 'fact',
    title: `Fiche numéro ${n}`,
    regions: ['belgique'],
    sources: [],
    text: `Le texte de la fiche ${n}.`,
    url: `https://source.example/fiches/${id}/`,
    ...overrides,
  };
}

/** Answers a request itself (return true) or lets the normal paging answer (false). */
export type Misbehave = (url: URL, res: ServerResponse, hit: number) => boolean;

/** A running fake: its origin, the requests it received, and how to stop it. */
export interface FakeDeployment {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

/** Serves `records` (filtered by kind and region, paged by limit and offset) and applies `misbehave` first. */
export async function startFakeDeployment(
  records: Record<string, unknown>[],
  misbehave: Misbehave = () => false,
  options: { redirect?: boolean } = {},
): Promise<FakeDeployment> {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    if (misbehave(url, res, requests.length)) return;
    // A catalogue that offers no download: readers walk GET /facts, as from a deployment made before downloads.
    if (url.pathname === '/api/v1/')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"fake deployment"}');
    if (url.pathname !== '/api/v1/facts')
      return void res.writeHead(404).end('{"error":{"code":"not_found","message":"no"}}');
    if (options.redirect && !url.searchParams.has('po_live')) {
      url.searchParams.set('po_live', '1');
      return void res.writeHead(307, { location: `${url.pathname}${url.search}` }).end();
    }
    const kind = url.searchParams.get('kind');
    const region = url.searchParams.get('region');
    const matching = records.filter(
      (r) => (!kind || r.kind === kind) && (!region || (r.regions as string[]).includes(region)),
    );
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results: matching.slice(offset, offset + limit), total: matching.length, limit, offset }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
