/** Starts `npm start`'s server on a prebuilt output and measures readiness and resident memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../../src/lib/config.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A running server and its figures. */
export interface RunningServer {
  base: string;
  readyMs: number;
  /** From spawning the process to the answer of its first /facts?q= query (cold: shards read from disk). */
  firstQueryMs: number;
  rssMb: number;
  /** The server's process id (to sample its memory later). */
  pid: number;
  /** What it printed up to its ready line. */
  output(): string;
  stop(): Promise<void>;
}

/** Resident memory of a process, in MB (0 when it cannot be read). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
}

/** Runs `script` with `env` until it prints a "ready in N ms on URL" line. */
export async function startServer(
  settings: Settings,
  extraEnv: Record<string, string> = {},
  script = 'scripts/start.ts',
): Promise<RunningServer> {
  // One process, as these figures were always measured (the WORKERS section is scripts/bench/workers.ts).
  const env = {
    ...process.env,
    SITE_URL: settings.SITE_URL,
    CONTENT_DIR: settings.CONTENT_DIR,
    DIST_DIR: settings.DIST_DIR,
    HOST: '127.0.0.1',
    PORT: '0',
    WORKERS: '1',
    ...extraEnv,
  };
  const spawned = performance.now();
  const child = spawn(process.execPath, [join(ROOT, script)], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = await new Promise<{ ms: number; base: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /ready in (\d+) ms on (http:\/\/[^/\s]+)/.exec(output);
      if (!match) return;
      // From here the output is read and dropped, as a log collector would take it: kept and searched whole on
      // every chunk, the access log (one line per request) made this process burn a core while it measured.
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.stdout!.resume();
      child.stderr!.resume();
      resolve({ ms: Number(match[1]), base: match[2]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`)));
  });
  // The first text query right after start-up: it reads the term shards and document blocks it needs.
  const first = await fetch(`${ready.base}/api/v1/facts?po_live=1&q=permis%20provisoire`)
    .then((r) => r.arrayBuffer())
    .catch(() => null);
  const firstQueryMs = first === null ? Number.NaN : performance.now() - spawned;
  await new Promise((r) => setTimeout(r, 300));
  return {
    base: ready.base,
    readyMs: ready.ms,
    firstQueryMs,
    rssMb: await rssMb(child.pid!),
    pid: child.pid!,
    output: () => output,
    stop: stopper(child),
  };
}
