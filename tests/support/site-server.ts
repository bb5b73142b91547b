/** Starts the real Node site server over the test build on a free port, for tests that talk HTTP. */
import { createServer, type AddressInfo } from 'node:net';
import { createSiteServer, type SiteServerOptions } from '../../src/adapters/node/site-server.ts';
import type { Settings } from '../../src/lib/config.ts';
import { testSettings } from './test-build.ts';

/** A running server: its origin (http://127.0.0.1:port) and how to stop it. */
export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

/** A port the system reports free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Listens on 127.0.0.1 with the test build (rate limit lifted unless `overrides` or `options.rateLimiter` set it). The API redirects
 * to SITE_URL, so the server takes a free port first and uses its own origin as SITE_URL; record urls
 * in the build still point at the test build's SITE_URL.
 */
export async function startSiteServer(
  overrides: Partial<Settings> = {},
  options?: SiteServerOptions,
): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { server } = createSiteServer(
    { ...testSettings, SITE_URL: origin, PORT: port, RATE_LIMIT_PER_MINUTE: 1_000_000, ...overrides },
    options,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    origin,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
