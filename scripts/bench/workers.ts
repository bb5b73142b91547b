/**
 * `npm run bench -- --workers [--seconds 5]` (or `node scripts/bench/workers.ts`): record-by-id throughput of
 * `npm start` with WORKERS=1 and WORKERS=2, and what the access log and metrics cost (on vs off), with wrk.
 * Prints the figures and writes them to bench/results/workers.{md,json} and a dated copy; they are as noisy as the
 * machine they run on.
 */
import { answerHelp } from '../lib/cli-help.ts';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSettings } from '../../src/lib/config.ts';
import { buildSite, staleReason } from '../lib/build-site.ts';
import { LOAD_GENERATOR, measureLoad } from './load/measure-load.ts';
import type { LoadFigures } from './load/load-types.ts';
import { HAS_PROC, ownCpuSeconds, treeCpuSeconds } from './load/process-cpu.ts';
import { freePort } from '../../tests/support/redis-server.ts';
import { createResultFiles } from './result-files.ts';

answerHelp(`usage: node scripts/bench/workers.ts [--seconds 5]   (or npm run bench -- --workers)

Builds the bundled corpus if needed (SITE_URL, CONTENT_DIR, DIST_DIR as for npm start), then loads GET
/api/v1/facts/{id} (50 connections, the load generator on the same machine) against npm start with WORKERS=1 and
WORKERS=2, logs and metrics on, and WORKERS=1 with them off (LOG_LEVEL=warn, no METRICS_PORT). Prints req/s,
p50/p99, the CPU seconds the server processes, wrk and the bench used during each run (from /proc), and the ratios
the issue asks for (WORKERS=2 / WORKERS=1 >= 1.3, on / off >= 0.9); writes them to bench/results/workers.{md,json}.`);

const ROOT = join(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, workers: { type: 'boolean', default: false } },
});
const seconds = Number(values.seconds);

/** Starts npm start's script with `env` on a free port; resolves once /readyz answers 200 (LOG_LEVEL=warn hides the ready line). */
async function start(env: Record<string, string>): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_PER_MINUTE: '1000000000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The log goes through a pipe that is read and dropped, as a collector (journald) would take it.
  child.stdout.resume();
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (exited) throw new Error(`scripts/start.ts exited before it was ready (${JSON.stringify(env)})`);
    ready = (await fetch(`${base}/readyz`).catch(() => null))?.status === 200;
  }
  // With WORKERS=2, /readyz answered by one worker: give the other its moment.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise((done) =>
        child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')),
      ),
  };
}

const settings = readSettings(process.env);
const reason = await staleReason(settings);
if (reason) {
  console.log(`Building ${settings.DIST_DIR} first (${reason})...`);
  await buildSite(settings, { quiet: true });
}
const ids = (await readdir(join(settings.DIST_DIR, 'api/v1/facts')))
  .filter((name) => !name.includes('.'))
  .slice(0, 200);
// po_live=1: without it the spec's answer is a 307 to the same URL with it added (a redirect, not the record).
const paths = ids.map((id) => `/api/v1/facts/${id}?po_live=1`);
const runs: { label: string; env: Record<string, string> }[] = [
  {
    label: 'WORKERS=1, logs + metrics on',
    env: { WORKERS: '1', LOG_LEVEL: 'info', METRICS_PORT: '0', METRICS_TOKEN: 'bench-token-0123456789' },
  },
  {
    label: 'WORKERS=2, logs + metrics on',
    env: { WORKERS: '2', LOG_LEVEL: 'info', METRICS_PORT: '0', METRICS_TOKEN: 'bench-token-0123456789' },
  },
  { label: 'WORKERS=1, logs + metrics off', env: { WORKERS: '1', LOG_LEVEL: 'warn' } },
];
/** CPU seconds used during the measured run: every server process, its primary alone, wrk, and this process (it reads the log pipe, as a collector would). */
interface RunCpu {
  server: number;
  primary: number;
  wrk: number;
  bench: number;
}
const results: { label: string; figures: LoadFigures; cpu: RunCpu; load: number }[] = [];
for (const run of runs) {
  console.log(`${run.label}: starting...`);
  const server = await start(run.env);
  console.log(`${run.label}: loading ${server.base} for ${seconds} s`);
  try {
    // What is measured is the record itself: a 200 with its JSON, not a redirect or an error.
    const sample = await fetch(`${server.base}${paths[0]}`, { redirect: 'manual' });
    const body = (await sample.json().catch(() => null)) as { id?: string } | null;
    if (sample.status !== 200 || body?.id !== ids[0])
      throw new Error(`${paths[0]} answered ${sample.status}, not the record ${ids[0]}`);
    // A short warm-up, so that every worker has its records cached and its code optimised.
    await measureLoad(server.base, paths, 1, 50, { headers: { 'accept-encoding': 'br' } });
    const [serverBefore, ownBefore, load] = [treeCpuSeconds(server.pid), ownCpuSeconds(), loadavg()[0]!];
    const figures = await measureLoad(server.base, paths, seconds, 50, { headers: { 'accept-encoding': 'br' } });
    const [serverAfter, ownAfter] = [treeCpuSeconds(server.pid), ownCpuSeconds()];
    const cpu = {
      server: serverAfter.total - serverBefore.total,
      primary: serverAfter.root - serverBefore.root,
      wrk: ownAfter.reapedChildren - ownBefore.reapedChildren,
      bench: ownAfter.self - ownBefore.self,
    };
    results.push({ label: run.label, figures, cpu, load });
  } finally {
    await server.stop();
  }
}

const cpuCell = (cpu: RunCpu, requests: number) =>
  HAS_PROC
    ? `${cpu.server.toFixed(2)} (${Math.round((cpu.server / requests) * 1e6)} µs/req) | ${cpu.primary.toFixed(2)} | ${cpu.wrk.toFixed(2)} | ${cpu.bench.toFixed(2)}`
    : 'n/a | n/a | n/a | n/a';
const row = ({ label, figures, cpu, load }: (typeof results)[number]) =>
  `| ${label} | ${Math.round(figures.rps)} | ${figures.p50.toFixed(2)} / ${figures.p99.toFixed(2)} ms | ${figures.requests} | ${cpuCell(cpu, figures.requests)} | ${load.toFixed(2)} |`;
const printed: string[] = [];
/** Prints a line of the report and keeps it for the result files. */
const say = (line: string) => {
  console.log(line);
  printed.push(line);
};
const [one, two, off] = results.map((result) => result.figures.rps) as [number, number, number];
say(
  `\n## WORKERS and the cost of logs and metrics (record by id, ${paths.length} ids, br, ${LOAD_GENERATOR}, 50 connections, ${seconds} s; ${availableParallelism()} cores shared with the load generator)\n`,
);
say(
  'CPU columns: seconds of CPU (user + system, from /proc) used during the measured run by every server process, by the primary alone (with WORKERS=1 it is the server), by wrk, and by this bench process (which reads the log pipe); load: 1-minute load average when the run began.\n',
);
say(
  '| run | req/s | p50 / p99 | requests | server CPU s | primary CPU s | wrk CPU s | bench CPU s | load |\n|---|---|---|---|---|---|---|---|---|',
);
for (const result of results) say(row(result));
say(`\nWORKERS=2 / WORKERS=1: ${(two / one).toFixed(2)}x (target >= 1.3x)`);
say(`logs + metrics on / off (WORKERS=1): ${(one / off).toFixed(2)}x (target >= 0.9x)`);
if (HAS_PROC) {
  const perRequest = (result: (typeof results)[number]) => result.cpu.server / result.figures.requests;
  say(
    `server CPU per request, logs + metrics on / off (WORKERS=1): ${(perRequest(results[0]!) / perRequest(results[2]!)).toFixed(2)}x (less noisy than req/s on a shared machine)`,
  );
  const cores = (result: (typeof results)[number]) => (result.cpu.server + result.cpu.wrk + result.cpu.bench) / seconds;
  say(
    `cores busy during each run (server + wrk + bench): ${results.map((result) => cores(result).toFixed(2)).join(', ')} of ${availableParallelism()}`,
  );
}
await createResultFiles('workers', `npm run bench -- --workers --seconds ${seconds}`).write({
  json: { seconds, loadGenerator: LOAD_GENERATOR, results },
  markdown: `${printed.join('\n').trim()}\n`,
});
