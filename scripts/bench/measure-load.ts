/** Drives scripts/bench/load.ts from a second process and collects its figures. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Throughput and latency of one load run. */
export interface LoadFigures {
  rps: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
}

/** Loads `base` with `paths` (cycled) for `seconds` at `connections` connections. */
export function measureLoad(base: string, paths: string[], seconds = 5, connections = 50): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'load.ts'), base, String(seconds), String(connections), ...paths], { stdio: ['ignore', 'pipe', 'inherit'] });
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
}
