/** The reference ceiling: dist/ served by the same Node static-file code, with no API handler in front. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSettings } from '../../src/lib/config.ts';
import { staticFiles } from '../../src/adapters/static-files.ts';

const settings = readSettings(process.env);
const started = performance.now();
const files = staticFiles(settings.DIST_DIR);
const server = createServer(async (req, res) => {
  const reply = await files(new URL(req.url ?? '/', 'http://x').pathname);
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`static: ready in ${Math.round(performance.now() - started)} ms on http://127.0.0.1:${port}/`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
