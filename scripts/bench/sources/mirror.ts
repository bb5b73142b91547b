/** A local mirror of the records' link hosts for the sources checker's test and bench: one slow host, one rate-limited. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the mirror misbehaves. */
export interface MirrorOptions {
  /** This host answers after `slowMs`. */
  slowHost: string;
  slowMs: number;
  /** This host answers 429 (Retry-After: 1): every other request (`alternate`), or beyond one request a second (`per-second`, the first second already used). */
  limitedHost: string;
  limit: 'alternate' | 'per-second';
}

/** A running mirror: a fetch that sends every address to it, what it saw, and how to stop it. */
export interface Mirror {
  fetch: typeof globalThis.fetch;
  stats: { requests: number; refused: number; hosts: Set<string> };
  close(): Promise<void>;
}

/** Starts the mirror on 127.0.0.1 (port 0): `https://host/path` is served as `/host/path`, 200 for every page. */
export async function startMirror(options: MirrorOptions): Promise<Mirror> {
  const stats = { requests: 0, refused: 0, hosts: new Set<string>() };
  let limitedSeen = 0;
  // The rate-limited host's window starts full, as if other clients had used it: the first request is refused.
  let windowStart = Date.now();
  let windowCount = 1;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    const host = (req.url ?? '/').split('/')[1] ?? '';
    stats.hosts.add(host);
    if (host === options.limitedHost) {
      const now = Date.now();
      if (now - windowStart >= 1000) [windowStart, windowCount] = [now, 0];
      const refuse = options.limit === 'alternate' ? ++limitedSeen % 2 === 1 : ++windowCount > 1;
      if (refuse) {
        stats.refused++;
        res.writeHead(429, { 'retry-after': '1' }).end();
        return;
      }
    }
    if (host === options.slowHost) setTimeout(() => res.writeHead(200).end(), options.slowMs);
    else res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return globalThis.fetch(`${origin}/${url.host}${url.pathname}${url.search}`, init);
  }) as typeof globalThis.fetch;
  return {
    fetch,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The host with the most distinct addresses among `urls`, and the next one: the slow and the rate-limited hosts. */
export function busiestHosts(urls: readonly string[]): [string, string] {
  const counts = new Map<string, number>();
  for (const url of new Set(urls)) counts.set(new URL(url).host, (counts.get(new URL(url).host) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([host]) => host);
  return [sorted[0]!, sorted[1]!];
}
