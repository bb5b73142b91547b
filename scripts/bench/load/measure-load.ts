/**
 * Runs one load from a second process and collects its figures: wrk when it is installed (see load-wrk.ts for why),
 * else autocannon (load-autocannon.ts). BENCH_LOAD=wrk|autocannon chooses.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasWrk, runWrk } from './load-wrk.ts';
import type { LoadFigures, LoadOptions } from './load-types.ts';

/** The load generator of this run: BENCH_LOAD when set, else wrk when installed, else autocannon. */
export const LOAD_GENERATOR: 'wrk' | 'autocannon' = (() => {
  const chosen = process.env.BENCH_LOAD;
  if (chosen === 'wrk' || chosen === 'autocannon') return chosen;
  if (chosen) throw new Error(`BENCH_LOAD must be wrk or autocannon, got ${JSON.stringify(chosen)}`);
  return hasWrk() ? 'wrk' : 'autocannon';
})();

/** Loads `base` with `paths` for `seconds` at `connections` connections. */
export async function measureLoad(
  base: string,
  paths: string[],
  seconds = 5,
  connections = 50,
  options: LoadOptions = {},
): Promise<LoadFigures> {
  const figures =
    LOAD_GENERATOR === 'wrk'
      ? await runWrk(base, paths, seconds, connections, options)
      : await runAutocannon(base, paths, seconds, connections, options);
  // A run with failed requests measures errors, not the service: stop rather than report it.
  if (figures.bad > 0 || figures.requests === 0)
    throw new Error(`${figures.bad} failed requests of ${figures.requests} against ${base}${paths[0]}`);
  return figures;
}

/** One autocannon run, in its own process so that the client does not share the bench's event loop. */
async function runAutocannon(
  base: string,
  paths: string[],
  seconds: number,
  connections: number,
  options: LoadOptions,
): Promise<LoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-load-'));
  const specFile = join(dir, 'spec.json');
  await writeFile(specFile, JSON.stringify({ base, seconds, connections, paths, ...options }));
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(import.meta.dirname, 'load-autocannon.ts'), specFile], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.on('exit', (code) => {
        if (code !== 0) return reject(new Error(`load exited ${code}`));
        resolve(JSON.parse(output.trim().split('\n').at(-1)!) as LoadFigures);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
