/** `npm start`: builds if needed, then serves the site and the API on http://HOST:PORT. */
import type { AddressInfo } from 'node:net';
import { readSettings, type Settings } from '../src/lib/config.ts';
import { createSiteServer } from '../src/adapters/node-server.ts';
import { buildSite, staleReason } from './lib/build-site.ts';

let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const reason = await staleReason(settings);
if (reason) {
  console.log(`Building the site first (${reason})...`);
  try {
    await buildSite(settings, { quiet: true });
  } catch (error) {
    console.error((error as { output?: string }).output ?? (error as Error).message);
    process.exit(1);
  }
}

const started = performance.now();
const { server, handler } = createSiteServer(settings);
// Load the index before accepting traffic, so the first search is as fast as the others.
const warm = await handler(new Request('http://localhost/api/v1/facts?po_live=1&limit=1'), { clientAddress: 'start-up' });
const body = (await warm.json()) as { total?: number };
if (warm.status !== 200) {
  console.error(`The API cannot load its data from ${settings.DIST_DIR}/: ${JSON.stringify(body)}`);
  process.exit(1);
}
server.listen(settings.PORT, settings.HOST, () => {
  const readyMs = Math.round(performance.now() - started);
  const { port } = server.address() as AddressInfo;
  console.log(`permis-facts: ${body.total} records, ready in ${readyMs} ms on http://${settings.HOST}:${port}/ (API: /api/v1/)`);
});
server.on('error', (error) => {
  console.error(`Cannot listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
