/** `npm start`: builds if needed, then serves the site and the API on http://HOST:PORT with WORKERS processes; SIGTERM/SIGINT stop it gracefully. */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { BUILD_ENV, HASH_SECRET_ENV, runClusterPrimary } from '../src/adapters/node/cluster-primary.ts';
import { watchLauncher } from '../src/adapters/node/launcher-watch.ts';
import { createLogger, lifecycleLog } from '../src/adapters/node/observability/logger.ts';
import { runServerProcess } from '../src/adapters/node/server-process.ts';
import { ensureBuild, verifiedOrExit } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm start

Finds the build made for SITE_URL and the current sources (builds it if there is none), then serves the site, the API (/api/v1), the
MCP server (/mcp), /healthz and /readyz on http://HOST:PORT, with WORKERS processes (default: one per core).
SIGTERM or SIGINT stop it gracefully (SHUTDOWN_DEADLINE_SECONDS). Logs are JSON lines on stdout (LOG_FORMAT=pretty
for a terminal); metrics are on METRICS_PORT with METRICS_TOKEN.

${settingsHelp()}`);

const settings = settingsOrExit(process.env);
const log = createLogger(settings);

if (cluster.isWorker) {
  // The primary has built and checked the build already.
  const secret = process.env[HASH_SECRET_ENV];
  await runServerProcess(settings, {
    log,
    started: performance.now(),
    build: process.env[BUILD_ENV]!,
    ...(secret ? { hashSecret: Buffer.from(secret, 'hex') } : {}),
  });
} else {
  // Killed with SIGKILL, npm cannot pass a signal on: the server notices and stops as if it had got SIGTERM (its
  // first build included).
  watchLauncher(() => process.kill(process.pid, 'SIGTERM'));
  // The build made for this server's own address: found, or made now (another command's build of it is waited for).
  // On stdout, which carries the JSON log: the line naming the build found is a log line like the others.
  const build = await ensureBuild(settings, {
    log: console.log,
    onFailure: 'keep-last-good',
    logFound: (line) => lifecycleLog(log).info({ event: 'build' }, line),
  });
  // Ready time counts from here: the integrity check, the quota store, the server and the index.
  const started = performance.now();
  // Refuse to serve a build without its integrity manifest, or with damaged API artefacts.
  await verifiedOrExit(build, (message) => {
    // The readable message on stderr (as npm run mcp gives it), and the log line for collectors.
    console.error(message);
    lifecycleLog(log).fatal({ event: 'integrity' }, message);
  });
  const workers = settings.WORKERS ?? availableParallelism();
  if (workers > 1) await runClusterPrimary(settings, workers, log, started, build);
  else await runServerProcess(settings, { log, started, build });
}
