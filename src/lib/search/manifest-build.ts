/** Node-only (build): measures the browser's search download and picks the search mode. */
import { brotliCompressSync, constants } from 'node:zlib';
import { BROWSER_BUDGET_BYTES, type SearchManifest } from './manifest.ts';

/** Chooses the mode from the brotli size of the files local search would download. */
export function buildManifest(records: number, files: Record<string, string>): SearchManifest {
  const params = { [constants.BROTLI_PARAM_QUALITY]: 5 };
  const brotliBytes = Object.values(files).reduce((sum, text) => sum + brotliCompressSync(text, { params }).length, 0);
  return { records, mode: brotliBytes <= BROWSER_BUDGET_BYTES ? 'local' : 'api', files: Object.keys(files), brotliBytes, budgetBytes: BROWSER_BUDGET_BYTES };
}
