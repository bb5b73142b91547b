/**
 * The soak's hardening runs (issue 23), each against `npm start`'s server: a blocked client under 100,000 rotating
 * addresses, long X-Forwarded-For hops with TRUST_PROXY=2 (and a short-hop control), and Redis paused by SIGSTOP.
 * Each reports memory and throughput. Run alone: `node scripts/bench/soak-hardening.ts`.
 */
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import type { Settings } from '../../src/lib/config.ts';
import { createMemoryQuota, defaultQuotaOptions } from '../../src/lib/quota.ts';
import { startRedis } from '../../tests/support/redis-server.ts';
import { rssMb, startServer } from './measure-server.ts';

/** One request: path and headers. */
type Target = { path: string; headers?: Record<string, string> };
/** Statuses and rate of one drive. */
interface Driven {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
}

/** Sends `next(i)` until it returns null or `until()` says stop, `connections` at a time, on keep-alive sockets. */
async function drive(
  base: string,
  next: (i: number) => Target | null,
  connections = 32,
  after?: (i: number) => Promise<void>,
): Promise<Driven> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses: Record<string, number> = {};
  let sent = 0;
  const one = (target: Target) =>
    new Promise<void>((done) => {
      const req = request(
        { host: url.hostname, port: url.port, path: target.path, agent, headers: target.headers },
        (res) => {
          res.resume();
          res.on('end', () => done(void (statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1)));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        done(void (statuses[`error ${error.code}`] = (statuses[`error ${error.code}`] ?? 0) + 1)),
      );
      req.end();
    });
  const started = performance.now();
  const worker = async () => {
    for (let target = next(sent); target; target = next(sent)) {
      const i = sent++;
      await one(target);
      await after?.(i);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  return { requests: sent, seconds: (performance.now() - started) / 1000, statuses };
}

/** The status of one GET as `address` (X-Forwarded-For, for a server trusting one proxy). */
async function statusAs(base: string, address: string, path = API_PATH): Promise<number> {
  const response = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
  await response.arrayBuffer();
  return response.status;
}

const API_PATH = '/api/v1/facts?po_live=1&limit=1';
const rate = (d: Driven) => Math.round(d.requests / d.seconds);
/** The i-th of 2^24 distinct IPv4 addresses in 10.0.0.0/8. */
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Address rotation: one client blocked, then `others` distinct addresses (twice the table of 50,000), checking the
 * client every 5,000. In process, on the server of `npm start` with a 10-minute window: at the few hundred requests a
 * second of a shared machine, 100,000 addresses do not fit in the real 60 s, and the limiter's tables can be read.
 * At the end the clock is moved past the window: the client must be allowed again.
 */
export async function rotationRun(settings: Settings, others = 100_000) {
  let offset = 0;
  const windowMs = 600_000;
  const limiter = createMemoryQuota({ windowMs, now: () => Date.now() + offset });
  const { server } = createSiteServer({ ...settings, TRUST_PROXY: 1 }, { quota: limiter, log: () => undefined });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const blocked = '198.51.100.77';
    for (let i = 0; i < defaultQuotaOptions.limit; i++) await statusAs(base, blocked);
    const checks: { afterOthers: number; status: number }[] = [
      { afterOthers: 0, status: await statusAs(base, blocked) },
    ];
    const heapBeforeMb = liveHeapMb();
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
    const run = await drive(
      base,
      (i) => (i < others ? { path: API_PATH, headers: { 'x-forwarded-for': address(i) } } : null),
      32,
      async (i) => {
        if ((i + 1) % 5_000 === 0) checks.push({ afterOthers: i + 1, status: await statusAs(base, blocked) });
      },
    );
    const tables = { tracked: limiter.trackedClients, blocked: limiter.blockedClients };
    const heapAfterMb = liveHeapMb();
    const rssAfterMb = process.memoryUsage().rss / 2 ** 20;
    offset = windowMs;
    const afterWindow = await statusAs(base, blocked);
    return {
      ...run,
      checks,
      refused: checks.filter((check) => check.status === 429).length,
      afterWindow,
      tables,
      heapBeforeMb,
      heapAfterMb,
      rssBeforeMb,
      rssAfterMb,
      limiterFullMb: limiterFullMb(),
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** This process's live heap after a full GC, in MiB. */
function liveHeapMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Live heap of the in-memory limiter with both tables full (50,000 under quota, 50,000 blocked, IPv6 /64 keys). */
function limiterFullMb(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const limiter = createMemoryQuota({ limit: 2 });
  for (let i = 0; i < 100_000; i++) {
    const key = `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64`;
    limiter.hitSync(key);
    if (i < 50_000) limiter.hitSync(key);
  }
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  if (limiter.trackedClients !== 100_000 || limiter.blockedClients !== 50_000)
    throw new Error(`limiter holds ${limiter.trackedClients} (${limiter.blockedClients} blocked)`);
  return mb;
}

/** `total` requests whose X-Forwarded-For first hop is `hop(i)`, before one real proxy, on a server trusting two. */
async function hopRun(settings: Settings, total: number, hop: (i: number) => string) {
  const server = await startServer(settings, { TRUST_PROXY: '2', RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const rssBeforeMb = await rssMb(server.pid);
    const steps: number[] = [];
    const run = await drive(
      server.base,
      (i) => (i < total ? { path: API_PATH, headers: { 'x-forwarded-for': `${hop(i)}, 198.51.100.7` } } : null),
      32,
      async (i) => {
        if ((i + 1) % Math.floor(total / 10) === 0) steps.push(await rssMb(server.pid));
      },
    );
    return {
      ...run,
      rssBeforeMb,
      rssAfterMb: await rssMb(server.pid),
      rssPeakMb: Math.max(...steps),
      rssStepsMb: steps,
    };
  } finally {
    await server.stop();
  }
}

/** Long hops (16,000 characters, each distinct in its first 100) against the short-hop control. */
export async function longHopRun(settings: Settings, total = 55_000, hopChars = 16_000) {
  const filler = 'a'.repeat(hopChars);
  const long = await hopRun(settings, total, (i) => `${i.toString(36)}-${filler}`.slice(0, hopChars));
  const control = await hopRun(settings, total, address);
  return { hopChars, long, control };
}

/** Throughput with Redis up, while it hangs (SIGSTOP), and after it answers again; and the quota while it hangs. */
export async function redisPauseRun(settings: Settings, phaseSeconds = 5) {
  const redis = await startRedis().catch((error: Error) => error);
  if (redis instanceof Error) return { skipped: `no redis-server: ${redis.message}` };
  const server = await startServer(settings, { TRUST_PROXY: '1', REDIS_URL: redis.url });
  let rotation = 0;
  // 5,000 addresses: each stays under its quota, so the phases measure Redis, not 429s.
  const phase = () => {
    const deadline = performance.now() + phaseSeconds * 1000;
    return drive(server.base, () =>
      performance.now() < deadline
        ? { path: API_PATH, headers: { 'x-forwarded-for': address(rotation++ % 5_000) } }
        : null,
    );
  };
  try {
    const up = await phase();
    redis.pause();
    const paused = await phase();
    const quota: number[] = [];
    for (let i = 0; i < defaultQuotaOptions.limit + 5; i++) quota.push(await statusAs(server.base, '198.51.100.99'));
    const rssPausedMb = await rssMb(server.pid);
    redis.resume();
    // The breaker asks Redis again within 5 s.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const back = await phase();
    const allowedWhilePaused = quota.filter((status) => status === 200).length;
    return {
      up,
      paused,
      back,
      ratio: rate(paused) / rate(up),
      allowedWhilePaused,
      refusedWhilePaused: quota.length - allowedWhilePaused,
      rssPausedMb,
    };
  } finally {
    await server.stop();
    await redis.stop();
  }
}

/** Figures of the three runs. */
export interface HardeningFigures {
  rotation: Awaited<ReturnType<typeof rotationRun>>;
  longHops: Awaited<ReturnType<typeof longHopRun>>;
  redisPause: Awaited<ReturnType<typeof redisPauseRun>>;
}

/** Runs the three, one after the other (each on its own server). */
export async function hardening(settings: Settings): Promise<HardeningFigures> {
  return {
    rotation: await rotationRun(settings),
    longHops: await longHopRun(settings),
    redisPause: await redisPauseRun(settings),
  };
}

const fivexx = (d: Driven) =>
  Object.entries(d.statuses)
    .filter(([status]) => /^5|error/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);
const statusList = (d: Driven) =>
  Object.entries(d.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
const mb = (n: number) => `${n.toFixed(0)} MB`;

/** The runs' figures as lines for the console. */
export function formatHardening(f: HardeningFigures): string {
  const { rotation: r, longHops: h, redisPause: p } = f;
  const lines = [
    `rotation (in process, 10-minute window): 1 client blocked, then ${r.requests} other addresses in ${r.seconds.toFixed(1)} s (${rate(r)} req/s; ${statusList(r)})`,
    `  blocked client: ${r.refused} of ${r.checks.length} checks (every 5,000 addresses) answered 429; after its window: ${r.afterWindow}`,
    `  limiter tables at the end: ${r.tables.tracked} clients (${r.tables.blocked} blocked); live heap ${r.heapBeforeMb.toFixed(1)} → ${r.heapAfterMb.toFixed(1)} MiB, RSS ${mb(r.rssBeforeMb)} → ${mb(r.rssAfterMb)} (server and load generator in one process)`,
    `  limiter with both tables full (100,000 clients, 50,000 blocked, IPv6 keys): ${r.limiterFullMb.toFixed(1)} MiB live heap`,
    `long hops (TRUST_PROXY=2, ${h.hopChars} characters): ${h.long.requests} requests in ${h.long.seconds.toFixed(1)} s (${rate(h.long)} req/s; ${statusList(h.long)})`,
    `  server RSS ${mb(h.long.rssBeforeMb)} → ${mb(h.long.rssAfterMb)} (growth ${mb(h.long.rssAfterMb - h.long.rssBeforeMb)}, peak ${mb(h.long.rssPeakMb)}; each 10 %: ${h.long.rssStepsMb.map((n) => n.toFixed(0)).join(', ')})`,
    `  control (short hops): ${rate(h.control)} req/s, RSS ${mb(h.control.rssBeforeMb)} → ${mb(h.control.rssAfterMb)} (growth ${mb(h.control.rssAfterMb - h.control.rssBeforeMb)}, peak ${mb(h.control.rssPeakMb)})`,
  ];
  if ('skipped' in p) lines.push(`redis pause: skipped (${p.skipped})`);
  else {
    lines.push(
      `redis pause: ${rate(p.up)} req/s with Redis up, ${rate(p.paused)} req/s while it hangs (SIGSTOP; ${(p.ratio).toFixed(2)}×), ${rate(p.back)} req/s once it answers again`,
      `  5xx or errors: ${fivexx(p.up)} up, ${fivexx(p.paused)} hanging, ${fivexx(p.back)} back; statuses while hanging: ${statusList(p.paused)}`,
      `  quota while hanging: one new address got ${p.allowedWhilePaused} × 200 then ${p.refusedWhilePaused} × 429 (limit ${defaultQuotaOptions.limit}); server RSS ${mb(p.rssPausedMb)}`,
    );
  }
  return lines.join('\n');
}

// Alone: `node scripts/bench/soak-hardening.ts [rotation|hops|redis]`, on the soak's build of the bundled corpus.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Help here, not at the top: the soak imports this module, and its own --help must win.
  const { answerHelp } = await import('../lib/cli-help.ts');
  answerHelp(`usage: node scripts/bench/soak-hardening.ts [rotation|hops|redis]

The soak's hardening runs alone (all three by default), against npm start's server on the soak's build of the
bundled corpus (bench/tmp/dist-355): a blocked client under 100,000 rotating addresses, long X-Forwarded-For hops
with TRUST_PROXY=2, and a real redis-server paused by SIGSTOP (docs/operating.md#reliability-guarantees).`);
  const { readSettings } = await import('../../src/lib/config.ts');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const settings = readSettings({
    CONTENT_DIR: join(root, 'content/records'),
    DIST_DIR: join(root, 'bench/tmp/dist-355'),
    SITE_URL: 'http://127.0.0.1:4399',
  });
  const only = process.argv[2];
  const rotation = !only || only === 'rotation' ? await rotationRun(settings) : undefined;
  const longHops = !only || only === 'hops' ? await longHopRun(settings) : undefined;
  const redisPause = !only || only === 'redis' ? await redisPauseRun(settings) : undefined;
  if (rotation && longHops && redisPause) console.log(formatHardening({ rotation, longHops, redisPause }));
  else
    console.log(
      JSON.stringify(
        { rotation, longHops, redisPause },
        (key, value) => (key === 'checks' || key === 'rssStepsMb' ? undefined : value),
        1,
      ),
    );
}
