/** Builds a corpus and measures wall time, peak memory, output files and the largest file. */
import { readdir, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Settings } from '../../src/lib/config.ts';
import { buildSite } from '../lib/build-site.ts';

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
  browserSearch: { mode: string; brotli: number };
}

async function compressed(path: string): Promise<{ raw: number; gzip: number; brotli: number }> {
  const data = await readFile(path);
  return { raw: data.length, gzip: gzipSync(data).length, brotli: brotliCompressSync(data).length };
}

/** Runs the build for `settings` and measures it. */
export async function measureBuild(settings: Settings, records: number): Promise<BuildFigures> {
  const started = performance.now();
  const output = await buildSite(settings, { quiet: true, nodeArgs: ['--import', join(import.meta.dirname, 'report-peak.mjs')] });
  const wallMs = performance.now() - started;
  const peak = JSON.parse(/BENCH_PEAK (\{.*\})/.exec(output)?.[1] ?? '{"rssKb":0,"heapBytes":0}') as { rssKb: number; heapBytes: number };
  let files = 0;
  let largest = { path: '', bytes: 0 };
  for (const entry of await readdir(settings.DIST_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    if (size > largest.bytes) largest = { path: relative(settings.DIST_DIR, path), bytes: size };
  }
  const search = join(settings.DIST_DIR, 'search');
  const manifest = JSON.parse(await readFile(join(search, 'manifest.json'), 'utf8')) as { mode: 'local' | 'api'; files: string[] };
  const indexFiles = (await readdir(search)).filter((name) => /^index(-\d+)?\.json$/.test(name));
  const index = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of indexFiles) {
    const sizes = await compressed(join(search, file));
    index.raw += sizes.raw;
    index.gzip += sizes.gzip;
    index.brotli += sizes.brotli;
  }
  // What a browser downloads to search: the local files, or in API mode only the manifest (then API pages).
  let downloaded = (await compressed(join(search, 'manifest.json'))).brotli;
  if (manifest.mode === 'local') for (const file of manifest.files) downloaded += (await compressed(join(search, file))).brotli;
  return {
    records, wallMs, msPerRecord: wallMs / records, peakRssMb: peak.rssKb / 1024, peakHeapMb: peak.heapBytes / 2 ** 20,
    files, largest, index, browserSearch: { mode: manifest.mode, brotli: downloaded },
  };
}
