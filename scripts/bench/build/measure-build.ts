/** Builds a corpus and measures wall time, peak memory, output files and the largest file. */
import { readdir, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Settings } from '../../../src/lib/config.ts';
import { buildSite } from '../../lib/build-site.ts';

/** Figures of one build. */
export interface BuildFigures {
  records: number;
  wallMs: number;
  msPerRecord: number;
  peakRssMb: number;
  peakHeapMb: number;
  files: number;
  largest: { path: string; bytes: number };
  index: { raw: number; gzip: number; brotli: number };
  /** Search files: how many, the largest term file and document block (brotli), and how many term files exceed the 50 KB brotli aim. */
  shards: { files: number; largestTermBrotli: number; largestDocsBrotli: number; termFilesOver50k?: number };
}

async function compressed(path: string): Promise<{ raw: number; gzip: number; brotli: number }> {
  const data = await readFile(path);
  return { raw: data.length, gzip: gzipSync(data).length, brotli: brotliCompressSync(data).length };
}

/** Runs the build for `settings` and measures it. */
export async function measureBuild(settings: Settings, records: number): Promise<BuildFigures> {
  const started = performance.now();
  // force: the build of the same inputs may exist already; the figure is the time Astro takes.
  const { output } = await buildSite(settings, {
    quiet: true,
    force: true,
    nodeArgs: ['--import', join(import.meta.dirname, 'report-peak.mjs')],
  });
  const wallMs = performance.now() - started;
  const peak = JSON.parse(/BENCH_PEAK (\{.*\})/.exec(output)?.[1] ?? '{"rssKb":0,"heapBytes":0}') as {
    rssKb: number;
    heapBytes: number;
  };
  let files = 0;
  let largest = { path: '', bytes: 0 };
  for (const entry of await readdir(settings.DIST_DIR, { recursive: true, withFileTypes: true })) {
    // Precompressed siblings and dotfiles are not published as pages (see .assetsignore): count what a host serves.
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('.')) continue;
    files += 1;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    if (size > largest.bytes) largest = { path: relative(settings.DIST_DIR, path), bytes: size };
  }
  const search = join(settings.DIST_DIR, 'search');
  const index = { raw: 0, gzip: 0, brotli: 0 };
  const shards = { files: 0, largestTermBrotli: 0, largestDocsBrotli: 0, termFilesOver50k: 0 };
  for (const entry of await readdir(search, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const sizes = await compressed(join(entry.parentPath, entry.name));
    index.raw += sizes.raw;
    index.gzip += sizes.gzip;
    index.brotli += sizes.brotli;
    shards.files += 1;
    if (entry.parentPath.endsWith('terms')) {
      shards.largestTermBrotli = Math.max(shards.largestTermBrotli, sizes.brotli);
      if (sizes.brotli > 50_000) shards.termFilesOver50k += 1;
    }
    if (entry.parentPath.endsWith('docs')) shards.largestDocsBrotli = Math.max(shards.largestDocsBrotli, sizes.brotli);
  }
  return {
    records,
    wallMs,
    msPerRecord: wallMs / records,
    peakRssMb: peak.rssKb / 1024,
    peakHeapMb: peak.heapBytes / 2 ** 20,
    files,
    largest,
    index,
    shards,
  };
}
