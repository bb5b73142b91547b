/**
 * The load generator of the HTTP bench when wrk is installed: a C client that needs a fraction of the CPU
 * autocannon needs per request. On a small machine autocannon saturates its own core near 10,000 answers of
 * 44 KB a second while the server idles at half a core, so its p99 measures the client, not the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadFigures, LoadOptions } from './load-types.ts';

/** Whether a `wrk` binary answers on PATH. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua string literal (wrk's scripts are Lua). */
const lua = (text: string) => JSON.stringify(text);

/**
 * The wrk script: the headers, each request's path (the next in the list, across all connections) and a JSON
 * summary printed when the run ends.
 */
export function wrkScript(pathsFile: string, paths: string[], options: LoadOptions): string {
  const headers = Object.entries(options.headers ?? {}).map(
    ([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`,
  );
  const single = paths.length === 1;
  return [
    ...headers,
    single
      ? `wrk.path = ${lua(paths[0]!)}`
      : `local paths = {}\nfor line in io.lines(${lua(pathsFile)}) do paths[#paths + 1] = line end`,
    // wrk's request() has no connection: one counter walks the list, which a spread run needs and a cycling run allows.
    single
      ? ''
      : 'local turn = 0\nrequest = function() turn = turn + 1; return wrk.format("GET", paths[(turn - 1) % #paths + 1]) end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"bytes":%d,"us":%d,"p50us":%d,"p99us":%d,"failed":%d}\\n\', summary.requests, summary.bytes, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout))',
    'end',
  ].join('\n');
}

/** Figures from the summary line the script prints. */
export function parseWrkSummary(output: string, paths: string[], spread: boolean): LoadFigures {
  const line = output
    .trim()
    .split('\n')
    .findLast((text) => text.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line) as {
    requests: number;
    bytes: number;
    us: number;
    p50us: number;
    p99us: number;
    failed: number;
  };
  const seconds = s.us / 1e6;
  return {
    rps: s.requests / seconds,
    bytesPerSecond: s.bytes / seconds,
    p50: s.p50us / 1000,
    p99: s.p99us / 1000,
    requests: s.requests,
    bad: s.failed,
    distinct: spread ? Math.min(s.requests, paths.length) : paths.length,
  };
}

/** One wrk run (one thread, `connections` connections) against `base`. */
export async function runWrk(
  base: string,
  paths: string[],
  seconds: number,
  connections: number,
  options: LoadOptions,
): Promise<LoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  try {
    const pathsFile = join(dir, 'paths.txt');
    await writeFile(pathsFile, paths.join('\n'));
    await writeFile(join(dir, 'load.lua'), wrkScript(pathsFile, paths, options));
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', join(dir, 'load.lua'), base],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`))));
    });
    return parseWrkSummary(output, paths, options.spread ?? false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
