/** `npm start`: builds if needed, then serves the site and the API on http://HOST:PORT; SIGTERM/SIGINT stop it gracefully. */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../src/adapters/node-server.ts';
import { createQuotaStore } from '../src/adapters/quota-store.ts';
import { closeGracefully } from '../src/adapters/shutdown.ts';
import { ensureBuild, verifiedOrExit } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm start

Builds if needed (missing, stale, or SITE_URL/CONTENT_DIR changed), then serves the site, the API (/api/v1) and
the MCP server (/mcp) on http://HOST:PORT. SIGTERM or SIGINT stop it gracefully (SHUTDOWN_DEADLINE_SECONDS).

${settingsHelp()}`);

const settings = settingsOrExit(process.env);
await ensureBuild(settings, { log: console.log, onFailure: 'keep-last-good' });

// Ready time counts from here: the integrity check, the quota store, the server and the index.
const started = performance.now();
// Refuse to serve a build without its integrity manifest, or with damaged API artefacts.
await verifiedOrExit(settings.DIST_DIR);

// With REDIS_URL, one count shared by every process (API and MCP); without it, this process's memory.
const quota = await createQuotaStore(settings);
const site = createSiteServer(settings, { rateLimiter: quota.limiter });
const { server } = site;
// Load the index before accepting traffic, so the first search is as fast as the others.
const warm = await site.handler(new Request('http://localhost/api/v1/facts?po_live=1&limit=1'), { clientAddress: 'start-up' });
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

const deadlineMs = settings.SHUTDOWN_DEADLINE_SECONDS * 1000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal stops at once.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`permis-facts: ${signal}, finishing requests in flight (at most ${deadlineMs / 1000} s)...`);
    void closeGracefully(server, deadlineMs).then(async (how) => {
      await quota.close();
      console.log(`permis-facts: stopped (${how === 'drained' ? 'every request answered' : 'connections still open were closed at the deadline'})`);
      process.exit(0);
    });
  });
}
