/**
 * Playwright's web server: builds the test site if needed, serves it with the Node server on TEST_PORT
 * and, for the static-hosting tests, with a plain static file server (http-server) on TEST_PORT + 1.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { ensureTestBuild, TEST_PORT } from './test-build.ts';

const settings = await ensureTestBuild();
const { server } = createSiteServer({
  ...settings,
  PORT: TEST_PORT,
  HOST: '127.0.0.1',
  RATE_LIMIT_PER_MINUTE: 100_000,
});
server.listen(TEST_PORT, '127.0.0.1');
const plain = spawn(
  process.execPath,
  [
    join(import.meta.dirname, '../../node_modules/http-server/bin/http-server'),
    settings.DIST_DIR,
    '-p',
    String(TEST_PORT + 1),
    '-a',
    '127.0.0.1',
    '-c-1',
    '-s',
  ],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    plain.kill();
    server.close(() => process.exit(0));
  });
}
