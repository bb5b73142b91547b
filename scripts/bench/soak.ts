/**
 * The soak (`npm run bench -- --soak`): 100,000 distinct hostile paths and API queries against `npm start`'s server,
 * with RSS before and after, the live heap, and the count of each status. Memory must stay bounded whatever the paths.
 * Then the hardening runs (soak-hardening.ts): address rotation against a blocked client, long forwarded hops, and
 * Redis paused, each with its memory and throughput.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import type { Settings } from '../../src/lib/config.ts';
import { rssMb, startServer } from './measure-server.ts';
import { formatHardening, hardening, type HardeningFigures } from './soak-hardening.ts';

/** Figures of one soak run. */
export interface SoakFigures {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** RSS after each tenth of the run, to see growth, not only its end. */
  rssStepsMb: number[];
  /** Live V8 heap (after a full GC) of the same server run in process: at the start, then after each tenth of as many requests. */
  liveHeapStepsMb: number[];
  /** The hardening runs: rotation, long hops, Redis pause. */
  hardening: HardeningFigures;
}

/** A deterministic PRNG (mulberry32), so every run sends the same requests. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The i-th hostile request target: every one distinct, half pages, half API. */
export function hostileTarget(i: number, next: () => number): string {
  const word = () => Math.floor(next() * 36 ** 6).toString(36);
  const hex = () =>
    Math.floor(next() * 2 ** 52)
      .toString(16)
      .padStart(16, '0')
      .slice(0, 16);
  switch (i % 10) {
    case 0:
      return `/fiches/${word()}-${i}/`;
    case 1:
      return `/${'a'.repeat(8000)}${i}`; // 8 KB paths, as in the report that found the leak
    case 2:
      return `/..%2f..%2f${word()}${i}/%2e%2e/etc/passwd`;
    case 3:
      return `/.build-stamp.json?${i}`;
    case 4:
      return `/_astro/${word()}${i}.js`;
    case 5:
      return `/api/v1/facts?q=${word()}${i}&po_live=1`; // queries that match nothing
    case 6:
      return `/api/v1/facts?q=permis%20${word()}${i}%20examen&region=wallonie&po_live=1`;
    case 7:
      return `/api/v1/facts/fait-${hex()}?po_live=1&i=${i}`;
    case 8:
      return `/api/v1/facts/fait-${hex()}?po_live=1`;
    default:
      return `/api/v1/facts?limit=${i}&offset=${word()}&po_live=1`;
  }
}

/** Old-space cap of the soaked server: a leak per distinct path would exhaust it (the issue saw a crash at 128 MiB). */
export const SOAK_HEAP_MB = 96;

/** Sends `total` hostile requests to `base`, `connections` at a time; calls `step` after each tenth. */
async function drive(
  base: string,
  total: number,
  connections: number,
  step: () => Promise<void>,
): Promise<Record<string, number>> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses: Record<string, number> = {};
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const next = random(1);
  const tenth = Math.max(1, Math.floor(total / 10));
  let sent = 0;
  const one = (path: string) =>
    new Promise<void>((done) => {
      const req = request(
        { host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'br, gzip' } },
        (res) => {
          res.resume();
          res.on('end', () => done(void count(String(res.statusCode))));
        },
      );
      req.on('error', (error) => done(void count(`error ${(error as NodeJS.ErrnoException).code}`)));
      req.end();
    });
  const worker = async () => {
    while (sent < total) {
      const i = sent++;
      await one(hostileTarget(i, next));
      if ((i + 1) % tenth === 0) await step();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  return statuses;
}

/** Runs the soak against `npm start` on `settings` (built if needed), with its heap capped at SOAK_HEAP_MB. */
export async function soak(settings: Settings, total = 100_000, connections = 32): Promise<SoakFigures> {
  const server = await startServer(settings, {
    RATE_LIMIT_PER_MINUTE: '1000000',
    NODE_OPTIONS: `--max-old-space-size=${SOAK_HEAP_MB}`,
  });
  const rssStepsMb: number[] = [];
  try {
    const rssBeforeMb = await rssMb(server.pid);
    const started = performance.now();
    const statuses = await drive(
      server.base,
      total,
      connections,
      async () => void rssStepsMb.push(await rssMb(server.pid)),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssAfterMb = await rssMb(server.pid);
    await server.stop();
    return {
      requests: total,
      seconds,
      statuses,
      rssBeforeMb,
      rssAfterMb,
      rssStepsMb,
      liveHeapStepsMb: await liveHeap(settings, total, connections),
      hardening: await hardening(settings),
    };
  } finally {
    await server.stop();
  }
}

/**
 * RSS mixes live data with heap V8 has not given back. This pass runs the same server in this process and takes
 * the heap after a full GC at each tenth: live memory, which grows while the bounded caches fill, then stays flat.
 */
async function liveHeap(settings: Settings, total: number, connections: number): Promise<number[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { server } = createSiteServer({ ...settings, RATE_LIMIT_PER_MINUTE: 1_000_000 }, { log: () => undefined });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Load the index and the home page first: the baseline is a warm server.
  for (const path of ['/api/v1/facts?po_live=1&limit=1', '/']) await (await fetch(`${base}${path}`)).arrayBuffer();
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const steps = [heap()];
  try {
    await drive(base, total, connections, async () => void steps.push(heap()));
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return steps;
}

/** The soak's figures as lines for the console. */
export function formatSoak(figures: SoakFigures): string {
  const statuses = Object.entries(figures.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return [
    `soak: ${figures.requests} distinct hostile requests in ${figures.seconds.toFixed(1)} s (${Math.round(figures.requests / figures.seconds)} req/s)`,
    `  statuses: ${statuses}`,
    `  server RSS: ${figures.rssBeforeMb.toFixed(0)} MB before, ${figures.rssAfterMb.toFixed(0)} MB after (${(figures.rssAfterMb - figures.rssBeforeMb).toFixed(0)} MB growth)`,
    `  RSS after each 10 %: ${figures.rssStepsMb.map((mb) => mb.toFixed(0)).join(', ')} MB (server heap capped at ${SOAK_HEAP_MB} MiB)`,
    `  live heap after full GC, same server in process, start then each 10 % of ${figures.requests}: ${figures.liveHeapStepsMb.map((mb) => mb.toFixed(1)).join(', ')} MB`,
    formatHardening(figures.hardening),
  ].join('\n');
}
