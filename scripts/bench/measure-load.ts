/** Drives scripts/bench/load.ts from a second process and collects its figures. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Throughput and latency of one load run. */
export interface LoadFigures {
  rps: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  /** Distinct paths requested. */
  distinct?: number;
}

/** How a run sends its requests. */
export interface LoadOptions {
  /** Request headers, e.g. Accept-Encoding. */
  headers?: Record<string, string>;
  /** Each request takes the next path across all connections (a long list then never repeats); default: each connection cycles. */
  spread?: boolean;
}

/** Loads `base` with `paths` for `seconds` at `connections` connections. */
export async function measureLoad(base: string, paths: string[], seconds = 5, connections = 50, options: LoadOptions = {}): Promise<LoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-load-'));
  const specFile = join(dir, 'spec.json');
  await writeFile(specFile, JSON.stringify({ base, seconds, connections, paths, ...options }));
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(import.meta.dirname, 'load.ts'), specFile], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.on('exit', (code) => {
        if (code !== 0) return reject(new Error(`load exited ${code}`));
        const figures = JSON.parse(output.trim().split('\n').at(-1)!) as LoadFigures;
        // A run with failed requests measures errors, not the service: stop rather than report it.
        if (figures.bad > 0 || figures.requests === 0) return reject(new Error(`${figures.bad} failed requests of ${figures.requests} against ${base}${paths[0]}`));
        resolve(figures);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
