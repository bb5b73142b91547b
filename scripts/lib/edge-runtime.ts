/**
 * Runs the Cloudflare deployment locally in workerd: the worker of wrangler.jsonc, bundled with esbuild, its
 * static assets (a dist/ directory) and its Durable Object, through Miniflare. Used by `npm run edge`, the
 * worker test project and the edge benchmark. Local only: no Cloudflare account, no network, no telemetry.
 */
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join, resolve } from 'node:path';
import type { Miniflare, WorkerOptions } from 'miniflare';

// esbuild, Miniflare and wrangler load when used, not when imported: loading wrangler alone takes seconds, which
// `npm run edge -- --help` and the other commands importing this file should not wait for.
const wrangler = () => import('wrangler');

const ROOT = resolve(import.meta.dirname, '../..');
/** The deployment configuration, read as `wrangler deploy` reads it. */
export const WRANGLER_CONFIG = join(ROOT, 'wrangler.jsonc');
/** Where the bundled worker is written. */
export const DEFAULT_BUNDLE = join(ROOT, '.cache/edge/worker.js');

/** Options of startEdge. */
export interface EdgeOptions {
  /** The build to serve as static assets (replaces `assets.directory`). */
  distDir: string;
  /** Worker variables that replace those of wrangler.jsonc (e.g. RATE_LIMIT_PER_MINUTE). */
  vars?: Record<string, string>;
  /** The bundled worker (see bundleWorker). Default: bundle now into .cache/edge/worker.js. */
  bundle?: string;
  /** Interface and port of the local HTTP server. Default 127.0.0.1, port 0 (any free port). */
  host?: string;
  port?: number;
  /** Overrides of the worker's options, for tests (e.g. another Durable Object binding). */
  worker?: Partial<WorkerOptions>;
  /** Extra workers beside the main one, for tests. */
  extraWorkers?: WorkerOptions[];
  /** Let the assets layer answer every file that exists, API files included (a static host without the function; for tests). */
  assetsFirst?: boolean;
  /** Copies of the worker in separate isolates (named permis-facts-2...), sharing the first one's Durable Objects. Default 1. */
  isolates?: number;
  /** Miniflare's own request log. Default true. */
  verbose?: boolean;
  /** Open a DevTools inspector on the worker's isolate (the benchmark reads its heap there). */
  inspector?: boolean;
  /** Receives the worker's console output instead of this process's stdout/stderr. */
  onOutput?: (text: string) => void;
}

/** A running local edge: its address, Miniflare (for dispatchFetch) and a way to stop it. */
export interface RunningEdge {
  url: URL;
  miniflare: Miniflare;
  dispose(): Promise<void>;
}

/** Bundles the worker entry of wrangler.jsonc into one ES module (what `wrangler deploy` uploads, unminified). */
export async function bundleWorker(outfile = DEFAULT_BUNDLE, options: { minify?: boolean } = {}): Promise<string> {
  const [{ unstable_getMiniflareWorkerOptions }, { build }] = await Promise.all([wrangler(), import('esbuild')]);
  const { main } = unstable_getMiniflareWorkerOptions(WRANGLER_CONFIG, undefined, {
    overrides: { assets: { directory: ROOT } },
  });
  await mkdir(resolve(outfile, '..'), { recursive: true });
  await build({
    entryPoints: [main!],
    outfile,
    bundle: true,
    format: 'esm',
    target: 'es2024',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*'],
    minify: options.minify ?? false,
    logLevel: 'warning',
  });
  return outfile;
}

/** Starts workerd with the worker, its assets and its Durable Object, as configured in wrangler.jsonc. */
export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  const bundle = options.bundle ?? (await bundleWorker());
  const [{ unstable_getMiniflareWorkerOptions }, { Log, LogLevel, Miniflare }] = await Promise.all([
    wrangler(),
    import('miniflare'),
  ]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(WRANGLER_CONFIG, undefined, {
    overrides: { assets: { directory: resolve(options.distDir) } },
  });
  const assets = workerOptions.assets && {
    ...workerOptions.assets,
    ...(options.assetsFirst && { routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: false } }),
  };
  const main: WorkerOptions = {
    ...(workerOptions as WorkerOptions),
    assets,
    name: 'permis-facts',
    modules: [{ type: 'ESModule', path: bundle }],
    bindings: { ...workerOptions.bindings, ...options.vars },
    ...(options.inspector && { unsafeInspectorProxy: true }),
    ...options.worker,
  };
  const copies = Array.from(
    { length: (options.isolates ?? 1) - 1 },
    (_, i): WorkerOptions => ({
      ...main,
      name: `permis-facts-${i + 2}`,
      durableObjects: { QUOTA: { className: 'QuotaWindow', scriptName: 'permis-facts', useSQLite: true } },
    }),
  );
  const { onOutput } = options;
  const miniflare = new Miniflare({
    workers: [main, ...copies, ...(options.extraWorkers ?? [])],
    ...(onOutput && {
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
      },
    }),
    ...(options.inspector && { inspectorPort: 0 }),
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    // No request.cf download (Miniflare fetches it from Cloudflare by default): a fixed local one.
    cf: { colo: 'LCL', country: 'BE' },
    log: options.verbose === false ? new Log(LogLevel.ERROR) : new Log(LogLevel.INFO),
  });
  const url = await miniflare.ready;
  return { url, miniflare, dispose: () => miniflare.dispose() };
}
