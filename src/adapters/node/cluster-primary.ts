/**
 * Node-only: the primary of `npm start` with WORKERS > 1 (node:cluster): forks the workers on one port, holds the
 * shared quota without Redis (rate-limiter-flexible's cluster master), replaces a worker that dies, serves the
 * workers' summed metrics, and on SIGTERM/SIGINT has every worker drain, then exits.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AggregatorRegistry } from 'prom-client';
import type { Settings } from '../../lib/config.ts';
import { startClusterQuota } from '../quota/cluster-quota.ts';
import { exitAfterLog, lifecycleLog, type ServerLog } from './observability/logger.ts';
import { exitByDeadline } from './shutdown.ts';
import { createMetricsServer, logMetricsAddress } from './observability/metrics-server.ts';

/** Environment variable through which workers get the key of the client hash (never logged). */
export const HASH_SECRET_ENV = 'PERMIS_FACTS_LOG_HASH_SECRET';

/** How long the primary waits after a worker died before it starts another, when workers die in a row. */
const RESPAWN_BACKOFF_MS = 1_000;
/** The longest wait between two starts when replacements keep dying before they listen (the wait doubles from RESPAWN_BACKOFF_MS). */
const RESPAWN_BACKOFF_MAX_MS = 60_000;
/**
 * Replacements in a row that may die before they listen while no worker serves any more, before the primary exits 1:
 * the cause is then the build or the machine, and a supervisor should see the service fail rather than a loop.
 */
const MAX_FAILED_STARTS = 3;
/** At a stop, how long past SHUTDOWN_DEADLINE_SECONDS a worker may take to exit (its log, see exitAfterLog) before it is killed. */
const WORKER_KILL_MARGIN_MS = 2_000;

/** The records of the build, from its search manifest (each worker has loaded and checked it already). */
async function recordCount(dist: string): Promise<number | string> {
  const manifest = await readFile(join(dist, 'search/manifest.json'), 'utf8').catch(() => '{}');
  return (JSON.parse(manifest) as { records?: number }).records ?? '?';
}

/** The environment variable that hands a worker the real folder of the build to serve. */
export const BUILD_ENV = 'PERMIS_FACTS_BUILD';

/** Runs the primary: resolves once every worker listens (the ready line is logged then). */
export async function runClusterPrimary(
  settings: Settings,
  workers: number,
  log: ServerLog,
  started: number,
  build: string,
): Promise<void> {
  if (!settings.REDIS_URL) startClusterQuota();
  const events = lifecycleLog(log);
  // Every worker serves the build the primary found or made, not whatever DIST_DIR shows when it starts.
  const env = { [HASH_SECRET_ENV]: randomBytes(32).toString('hex'), [BUILD_ENV]: build };
  let stopping = false;
  let lastDeath = 0;
  let up = false;
  let failedStarts = 0;
  const listened = new WeakSet<Worker>();
  const fork = () => cluster.fork(env);

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit ${code}`;
    const serving = Object.values(cluster.workers ?? {}).some(
      (other) => other !== undefined && other !== worker && listened.has(other),
    );
    let wait = 0;
    if (!listened.has(worker)) {
      // It could not start (its own fatal line says why: a port in use, a damaged build...). Before the server is up,
      // no worker will do better; once no worker serves and replacements keep failing, neither. Stop, not loop.
      failedStarts += 1;
      if (!up || (!serving && failedStarts >= MAX_FAILED_STARTS)) {
        stopping = true;
        events.fatal(
          { event: 'worker-exit', worker: worker.process.pid, code, signal },
          `permis-facts: worker ${worker.process.pid} could not start (${how})${up ? `, ${failedStarts} in a row, and no worker serves` : ''}; stopping`,
        );
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
        exitAfterLog(log, 1);
        return;
      }
      // The workers still serving go on; replacements are tried less and less often.
      wait = Math.min(RESPAWN_BACKOFF_MS * 2 ** (failedStarts - 1), RESPAWN_BACKOFF_MAX_MS);
    } else {
      if (Date.now() - lastDeath < RESPAWN_BACKOFF_MS) wait = RESPAWN_BACKOFF_MS;
      lastDeath = Date.now();
    }
    events.error(
      { event: 'worker-exit', worker: worker.process.pid, code, signal },
      `permis-facts: worker ${worker.process.pid} ${listened.has(worker) ? 'died' : 'could not start'} (${how}); starting another${wait ? ` in ${wait / 1000} s` : ''}`,
    );
    setTimeout(fork, wait);
  });

  const listening = new Promise<number>((resolve) => {
    let count = 0;
    cluster.on('listening', (worker, address) => {
      listened.add(worker);
      failedStarts = 0;
      if (++count === workers) resolve(address.port);
    });
  });
  for (let i = 0; i < workers; i++) fork();
  const port = await listening;
  up = true;
  // The stop handlers are in place before the ready line: a SIGTERM sent on reading it must drain, not kill the
  // primary by the signal's default action (a loaded machine can pause the process between the two).
  const deadlineMs = settings.SHUTDOWN_DEADLINE_SECONDS * 1000;
  const stop = (why: string) => {
    if (stopping) {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    exitByDeadline(deadlineMs + WORKER_KILL_MARGIN_MS);
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    events.info(
      { event: 'stop' },
      `permis-facts: ${why}, every worker finishes its requests in flight (at most ${deadlineMs / 1000} s)...`,
    );
    // Each worker drains on its own deadline; past it and a margin, whatever is left is killed.
    const timer = setTimeout(
      () => alive.forEach((worker) => worker.process.kill('SIGKILL')),
      deadlineMs + WORKER_KILL_MARGIN_MS,
    );
    let left = alive.length;
    const done = () => {
      if (--left > 0) return;
      clearTimeout(timer);
      events.info({ event: 'stop' }, 'permis-facts: stopped (every worker exited)');
      exitAfterLog(log, 0);
    };
    if (left === 0) done();
    for (const worker of alive) {
      worker.once('exit', done);
      worker.process.kill('SIGTERM');
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  const readyMs = Math.round(performance.now() - started);
  const records = await recordCount(build);
  events.info(
    { event: 'start', workers, records, build },
    `permis-facts: ${records} records, ready in ${readyMs} ms on http://${settings.HOST}:${port}/ (API: /api/v1/, ${workers} workers; build ${build} made for ${settings.SITE_URL})`,
  );

  log.flush();
  if (settings.METRICS_PORT !== undefined && settings.METRICS_TOKEN) {
    const aggregate = new AggregatorRegistry();
    const metricsServer = createMetricsServer(settings.METRICS_TOKEN, () => aggregate.clusterMetrics());
    metricsServer
      .listen(settings.METRICS_PORT, settings.HOST, () => logMetricsAddress(log, settings.HOST, metricsServer))
      .unref();
  }
}
