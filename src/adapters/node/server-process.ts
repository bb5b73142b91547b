/**
 * Node-only: one serving process of `npm start`: alone (WORKERS=1) or as a cluster worker. It loads and checks the
 * build, serves it with its access log and metrics, and drains on SIGTERM/SIGINT within SHUTDOWN_DEADLINE_SECONDS.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Settings } from '../../lib/config.ts';
import { createClientHash } from './observability/client-hash.ts';
import { createClusterQuota } from '../quota/cluster-quota.ts';
import { exitAfterLog, lifecycleLog, type ServerLog } from './observability/logger.ts';
import { createMetricsServer, logMetricsAddress } from './observability/metrics-server.ts';
import { processMetricsText, serverMetrics, setBuild } from './observability/metrics.ts';
import { createSiteServer } from './site-server.ts';
import { createQuotaStore } from '../quota/quota-store.ts';
import { createRequestObserver } from './observability/request-observer.ts';
import { closeGracefully, exitByDeadline } from './shutdown.ts';

/** How this process runs. */
export interface ServerProcessOptions {
  log: ServerLog;
  /** The key of the client hash, shared by every worker (so a client has one value across them). */
  hashSecret?: Buffer;
  /** When the process started (performance.now()), for the ready line. */
  started: number;
  /** The real folder of the build to serve (found or made for this server's address). */
  build: string;
}

/** Starts serving; resolves once listening. A cluster worker counts its quota through the primary (or Redis). */
export async function runServerProcess(settings: Settings, options: ServerProcessOptions): Promise<void> {
  const { log } = options;
  // Start, stop, rebuild, integrity and Redis lines are written whatever LOG_LEVEL (unless silent): see logger.ts.
  const events = lifecycleLog(log);
  const worker = cluster.isWorker;
  const metrics = settings.METRICS_PORT === undefined ? undefined : serverMetrics();
  const fallback = (store: string) => () => metrics?.quotaFallbacks.inc({ store });
  // With REDIS_URL, one count shared by every process (API and MCP); without, the cluster primary's, or this process's memory.
  const quotaStore = await createQuotaStore(settings, {
    log: (line) => events.warn({ event: 'redis' }, line),
    onFallback: fallback('redis'),
    ...(worker
      ? { memory: () => createClusterQuota({ limit: settings.RATE_LIMIT_PER_MINUTE, onFallback: fallback('cluster') }) }
      : {}),
  });
  const observe = createRequestObserver({
    log,
    metrics,
    logQueries: settings.LOG_QUERIES === '1',
    clientHash: createClientHash(options.hashSecret),
    trustProxy: settings.TRUST_PROXY,
    ipv6Prefix: settings.RATE_LIMIT_IPV6_PREFIX,
  });
  const site = createSiteServer(settings, {
    quota: quotaStore.quota,
    observe,
    quotaProblem: () => quotaStore.problem(),
    log: (line) => events.info({ event: 'rebuild' }, line),
    logError: (line) => events.error({ event: line.startsWith('[read-dist]') ? 'integrity' : 'server' }, line),
    onBuild: (records, buildId) => metrics && setBuild(metrics, records, buildId, settings.SITE_URL),
    build: options.build,
  });
  const { server } = site;
  // Load the index before accepting traffic, so the first search is as fast as the others.
  const warm = await site.warm();
  if (!warm.ok) {
    events.fatal(
      { event: 'start' },
      `The API cannot load its data from ${options.build}/: ${JSON.stringify(warm.body)}`,
    );
    process.exit(1);
  }
  server.on('error', (error) => {
    events.fatal({ event: 'start' }, `Cannot listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
    process.exit(1);
  });
  await new Promise<void>((done) => server.listen(settings.PORT, settings.HOST, done));
  // The stop handlers are in place before the ready line: a SIGTERM sent on reading it must drain, not kill the
  // process by the signal's default action (a loaded machine can pause the process between the two).
  const deadlineMs = settings.SHUTDOWN_DEADLINE_SECONDS * 1000;
  let stopping = false;
  const stop = (why: string) => {
    // A second signal stops a lone process at once; a worker ignores it (its primary sends SIGKILL at the deadline).
    if (stopping) {
      if (!worker) process.exit(1);
      return;
    }
    stopping = true;
    exitByDeadline(deadlineMs);
    events.info(
      { event: 'stop' },
      `permis-facts: ${why}, finishing requests in flight (at most ${deadlineMs / 1000} s)...`,
    );
    void closeGracefully(server, deadlineMs).then(async (how) => {
      await quotaStore.close();
      events.info(
        { event: 'stop' },
        `permis-facts: stopped (${how === 'drained' ? 'every request answered' : 'connections still open were closed at the deadline'})`,
      );
      exitAfterLog(log, 0);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  const readyMs = Math.round(performance.now() - options.started);
  const { port } = server.address() as AddressInfo;
  if (worker)
    events.info(
      { event: 'start', records: warm.records },
      `worker ${process.pid}: ${warm.records} records loaded in ${readyMs} ms`,
    );
  else
    events.info(
      { event: 'start', records: warm.records, build: options.build },
      `permis-facts: ${warm.records} records, ready in ${readyMs} ms on http://${settings.HOST}:${port}/ (API: /api/v1/; build ${options.build} made for ${settings.SITE_URL})`,
    );
  // The log is buffered (logger.ts): the ready line goes out now, not with the next 32 KiB.
  log.flush();
  if (!worker && metrics && settings.METRICS_TOKEN) {
    const metricsServer = createMetricsServer(settings.METRICS_TOKEN, processMetricsText);
    metricsServer
      .listen(settings.METRICS_PORT, settings.HOST, () => logMetricsAddress(log, settings.HOST, metricsServer))
      .unref();
  }

  return;
}
