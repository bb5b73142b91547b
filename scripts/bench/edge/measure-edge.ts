/**
 * Edge figures: the worker bundle (`wrangler deploy --dry-run`), and in local workerd the cold start, the first
 * /facts query of a fresh isolate (it loads the index through the assets binding) and the isolate's V8 heap
 * before and after (read through the DevTools inspector, after a forced GC). Cloudflare's isolate limit is 128 MB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startEdge } from '../../lib/edge-runtime.ts';

const ROOT = join(import.meta.dirname, '../../..');
/** Cloudflare's memory limit per isolate, in MiB. */
export const ISOLATE_LIMIT_MB = 128;

/** The bundle as `wrangler deploy` would upload it, plain and minified, and the number of files in dist/. */
export interface BundleFigures {
  rawBytes: number;
  gzipBytes: number;
  minifiedBytes: number;
  minifiedGzipBytes: number;
  assetFiles: number;
}

/** Median figures over fresh workerd starts. */
export interface ColdStartFigures {
  runs: number;
  startMs: number;
  firstQueryMs: number;
  secondQueryMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  /** After PAGES distinct 50-record pages, which fill the answer and record caches to their bounds. */
  heapLoadedMb: number;
}

/** Distinct 50-record pages asked after the first queries (about 8 MiB of answers at 10,000 records). */
export const PAGES = 200;

/** Runs `wrangler deploy --dry-run` (no account, no upload) and measures the worker it writes. */
export async function measureBundle(distDir: string): Promise<BundleFigures> {
  const sizes = async (minify: boolean) => {
    const out = await mkdtemp(join(tmpdir(), 'permis-worker-'));
    const args = ['deploy', '--dry-run', '--outdir', out, '--assets', distDir, ...(minify ? ['--minify'] : [])];
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${run.stdout}${run.stderr}`);
    const file = (await readdir(out)).find((name) => name.endsWith('.js'))!;
    const code = await readFile(join(out, file));
    await rm(out, { recursive: true, force: true });
    return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  };
  const plain = await sizes(false);
  const minified = await sizes(true);
  // What wrangler uploads: .assetsignore keeps dotfiles and the precompressed .br/.gz siblings out.
  const assetFiles = (await readdir(distDir, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && !entry.name.startsWith('.'),
  ).length;
  return {
    rawBytes: plain.raw,
    gzipBytes: plain.gzip,
    minifiedBytes: minified.raw,
    minifiedGzipBytes: minified.gzip,
    assetFiles,
  };
}

/**
 * The isolate's memory in MiB, read through the DevTools inspector: used V8 heap plus ArrayBuffer backing stores
 * and embedder memory (answer bodies are bytes, outside the heap). A full GC is requested first (workerd does not
 * acknowledge HeapProfiler.collectGarbage), so the figure is at most the live size plus garbage.
 */
async function heapMb(inspectorUrl: URL): Promise<number> {
  const targets = (await (await fetch(new URL('/json', inspectorUrl.href.replace(/^ws/, 'http')))).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl.endsWith('/permis-facts'))!;
  // Miniflare's inspector proxy only accepts local origins.
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { origin: 'http://localhost' },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  type Usage = { usedSize: number; backingStorageSize?: number; embedderHeapUsedSize?: number };
  const usage = new Promise<Usage>((resolve) => {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: Usage };
      if (message.id === 3) resolve(message.result!);
    });
  });
  for (const [id, method] of [
    [1, 'HeapProfiler.enable'],
    [2, 'HeapProfiler.collectGarbage'],
    [3, 'Runtime.getHeapUsage'],
  ] as const) {
    socket.send(JSON.stringify({ id, method }));
  }
  const { usedSize, backingStorageSize = 0, embedderHeapUsedSize = 0 } = await usage;
  socket.close();
  return (usedSize + backingStorageSize + embedderHeapUsedSize) / 2 ** 20;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Starts a fresh workerd `runs` times and times the first two /facts queries of each new isolate. */
export async function measureColdStart(distDir: string, runs = 5): Promise<ColdStartFigures> {
  const samples: Omit<ColdStartFigures, 'runs'>[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const edge = await startEdge({
      distDir,
      verbose: false,
      inspector: true,
      vars: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    try {
      const startMs = performance.now() - started;
      const inspector = await edge.miniflare.getInspectorURL();
      const heapBeforeMb = await heapMb(inspector);
      const query = async (q: string) => {
        const t = performance.now();
        const response = await edge.miniflare.dispatchFetch(
          `http://bench.local/api/v1/facts?po_live=1&q=${encodeURIComponent(q)}`,
        );
        if (response.status !== 200) throw new Error(`/facts answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        return performance.now() - t;
      };
      const firstQueryMs = await query('permis');
      const secondQueryMs = await query('examen théorique');
      const heapAfterMb = await heapMb(inspector);
      for (let page = 0; page < PAGES; page++) {
        const response = await edge.miniflare.dispatchFetch(
          `http://bench.local/api/v1/facts?po_live=1&limit=50&offset=${page * 50}&q=${page % 2 ? 'permis' : ''}`,
        );
        await response.arrayBuffer();
      }
      samples.push({
        startMs,
        firstQueryMs,
        secondQueryMs,
        heapBeforeMb,
        heapAfterMb,
        heapLoadedMb: await heapMb(inspector),
      });
    } finally {
      await edge.dispose();
    }
  }
  const pick = (key: keyof Omit<ColdStartFigures, 'runs'>) => median(samples.map((s) => s[key]));
  return {
    runs,
    startMs: pick('startMs'),
    firstQueryMs: pick('firstQueryMs'),
    secondQueryMs: pick('secondQueryMs'),
    heapBeforeMb: pick('heapBeforeMb'),
    heapAfterMb: pick('heapAfterMb'),
    heapLoadedMb: pick('heapLoadedMb'),
  };
}
