/** Starts the real Node site server over the test build on a free port, for tests that talk HTTP. */
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../../src/adapters/node-server.ts';
import type { ApiHandler } from '../../src/lib/api/handler.ts';
import type { Settings } from '../../src/lib/config.ts';
import { testSettings } from './test-build.ts';

/** A running server: its origin (http://127.0.0.1:port) and how to stop it. */
export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, port 0, with the test settings (rate limit lifted unless `overrides` set it). */
export function startSiteServer(overrides: Partial<Settings> = {}, handler?: ApiHandler): Promise<RunningServer> {
  const { server } = createSiteServer({ ...testSettings, RATE_LIMIT_PER_MINUTE: 1_000_000, ...overrides }, handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
