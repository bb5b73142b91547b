/** Tells the browser how to search: with the downloaded index, or through the API when the index is too big. */

/** The browser's budget for search data, brotli-compressed. */
export const BROWSER_BUDGET_BYTES = 1_000_000;

/** search/manifest.json. */
export interface SearchManifest {
  records: number;
  /** local: download `files` and search in the page; api: send queries to /api/v1/facts. */
  mode: 'local' | 'api';
  /** Files (under /search/) that local mode downloads. */
  files: string[];
  /** Their brotli size, estimated at quality 5 (larger than the default quality: a conservative estimate). */
  brotliBytes: number;
  budgetBytes: number;
}

