/** Node-only, at build time: the download files' bytes, sizes and checksums for a corpus (gzip, SHA-256). */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Fact } from '../schema/fact.ts';
import { DOWNLOAD_LIMITS, DOWNLOAD_NAMES } from './download-files.ts';
import { csvText, jsonLines, oversizeProblem, type BuiltDownloads } from './downloads.ts';

const gzipAsync = promisify(gzip);

/** The bytes of both data files and their description. */
export interface DownloadFiles {
  jsonlGz: Uint8Array;
  csv: Uint8Array;
  built: BuiltDownloads;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The downloads of `facts` (in id order), or null when a data file would exceed `limit` (default
 * DOWNLOAD_LIMITS.maxFileBytes): the build then writes no download, `warn` hears why (naming the file, its size and
 * the bound), and clients walk /facts as the catalogue (without `downloads`) tells them. gzip level 6: level 9 took
 * twice as long at 10,000 records for a file 1 % smaller (28.5 s against 15.4 s on the loaded machine of
 * docs/performance.md#downloads).
 */
export async function makeDownloads(
  facts: readonly Fact[],
  builtAt: Date,
  limit: number = DOWNLOAD_LIMITS.maxFileBytes,
  warn: (line: string) => void = console.warn,
): Promise<DownloadFiles | null> {
  const [jsonlGz, csv] = await Promise.all([
    gzipAsync(jsonLines(facts), { level: 6 }),
    Promise.resolve(Buffer.from(csvText(facts))),
  ]);
  for (const [name, bytes] of [
    [DOWNLOAD_NAMES.jsonl, jsonlGz],
    [DOWNLOAD_NAMES.csv, csv],
  ] as const) {
    const problem = oversizeProblem(name, bytes.length, facts.length, limit);
    if (problem) {
      warn(`[downloads] ${problem}; this build writes no downloads`);
      return null;
    }
  }
  const file = (bytes: Uint8Array) => ({ bytes: bytes.length, sha256: sha256(bytes), records: facts.length });
  return { jsonlGz, csv, built: { jsonl: file(jsonlGz), csv: file(csv), builtAt: builtAt.toISOString() } };
}
