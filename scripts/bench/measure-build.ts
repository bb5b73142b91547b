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
  browserSearchBrotli: number;
}

async function brotli(path: string): Promise<{ raw: number; gzip: number; brotli: number }> {
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
  const index = await brotli(join(search, 'index.json'));
  const browserFiles = JSON.parse(await readFile(join(search, 'manifest.json'), 'utf8').catch(() => '{"files":["index.json","listing.json","cards.json"]}')) as { mode?: string; files: string[] };
  let browserSearchBrotli = 0;
  for (const file of browserFiles.files) browserSearchBrotli += (await brotli(join(search, file))).brotli;
  return {
    records, wallMs, msPerRecord: wallMs / records, peakRssMb: peak.rssKb / 1024, peakHeapMb: peak.heapBytes / 2 ** 20,
    files, largest, index, browserSearchBrotli,
  };
}
