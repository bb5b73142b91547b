/**
 * `npm run edge`: builds if needed, then serves the site and the API as Cloudflare would (wrangler.jsonc: static
 * assets, the worker first on /api/v1, the quota in a Durable Object), locally in workerd on http://HOST:PORT.
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { ensureBuild } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { startEdge, type RunningEdge } from './lib/edge-runtime.ts';

answerHelp(`usage: npm run edge

Builds if needed, then serves the site and the API as Cloudflare would (wrangler.jsonc: static assets, the worker
on /api/v1 and /mcp, the quota in a Durable Object) in local workerd, on http://HOST:PORT (PORT defaults to 8787).

${settingsHelp(['PORT', 'HOST', 'SITE_URL', 'RATE_LIMIT_PER_MINUTE', 'CONTENT_DIR', 'DIST_DIR'])}`);

/** Port of `npm run edge` when PORT is not set (wrangler dev's). */
const EDGE_PORT = '8787';

const settings = settingsOrExit({ ...process.env, PORT: process.env.PORT || EDGE_PORT });
const build = await ensureBuild(settings, { log: console.log, onFailure: 'exit' });

const started = performance.now();
let edge: RunningEdge;
try {
  edge = await startEdge({
    distDir: build,
    host: settings.HOST,
    port: settings.PORT,
    vars: { RATE_LIMIT_PER_MINUTE: String(settings.RATE_LIMIT_PER_MINUTE), SITE_URL: settings.SITE_URL },
  });
} catch (error) {
  console.error(`Cannot start workerd on ${settings.HOST}:${settings.PORT}: ${(error as Error).message}`);
  process.exit(1);
}
// Load the index before announcing readiness, as `npm start` does (this warm-up counts against no real client).
const warm = await edge.miniflare.dispatchFetch('http://localhost/api/v1/facts?po_live=1&limit=1', {
  headers: { 'cf-connecting-ip': 'start-up' },
});
const body = (await warm.json()) as { total?: number };
if (warm.status !== 200) {
  console.error(`The worker cannot load its data from ${build}/: ${JSON.stringify(body)}`);
  await edge.dispose();
  process.exit(1);
}
const readyMs = Math.round(performance.now() - started);
console.log(
  `permis-facts (workerd): ${body.total} records, ready in ${readyMs} ms on http://${settings.HOST}:${edge.url.port}/ (API: /api/v1/; build ${build} made for ${settings.SITE_URL})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void edge.dispose().then(() => process.exit(0));
  });
}
