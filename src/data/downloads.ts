/** Build-time: the download files' bytes, sizes and checksums, made once per build (or per content reload in dev). */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { csvText, jsonLines, oversizeProblem, DOWNLOAD_LIMITS, DOWNLOAD_NAMES, type BuiltDownloads } from '../lib/publish/downloads.ts';
import { getFacts } from './facts.ts';
import { versioned } from './content-version.ts';

const gzipAsync = promisify(gzip);

/** The bytes of both data files and their description. */
export interface DownloadFiles {
  jsonlGz: Uint8Array;
  csv: Uint8Array;
  built: BuiltDownloads;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The downloads of the current records. gzip level 9: the file is made once per build and read many times
 * (level 6 saves under a second at 10,000 records for a file a few per cent larger). A file over
 * DOWNLOAD_LIMITS.maxFileBytes stops the build, naming it, its size and the bound.
 */
export const getDownloads: () => Promise<DownloadFiles> = versioned(async () => {
  const facts = await getFacts();
  const [jsonlGz, csv] = await Promise.all([gzipAsync(jsonLines(facts), { level: 9 }), Promise.resolve(Buffer.from(csvText(facts)))]);
  for (const [name, bytes] of [[DOWNLOAD_NAMES.jsonl, jsonlGz], [DOWNLOAD_NAMES.csv, csv]] as const) {
    const problem = oversizeProblem(name, bytes.length, facts.length, DOWNLOAD_LIMITS.maxFileBytes);
    if (problem) throw new Error(problem);
  }
  const file = (bytes: Uint8Array) => ({ bytes: bytes.length, sha256: sha256(bytes), records: facts.length });
  return { jsonlGz, csv, built: { jsonl: file(jsonlGz), csv: file(csv), builtAt: new Date().toISOString() } };
});
