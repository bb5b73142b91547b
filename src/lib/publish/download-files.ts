/** The download files' names, paths, media types and size bound: no dependency, so the API handler and the hosts' headers can import them. */
import { API_BASE } from '../paths.ts';

/** Folder of the site where the build writes the downloads (a static folder, outside /api/v1). */
export const DOWNLOADS_PATH = '/downloads';

/** The file names under DOWNLOADS_PATH. */
export const DOWNLOAD_NAMES = {
  jsonl: 'permis-facts.jsonl.gz',
  csv: 'permis-facts.csv',
  datapackage: 'datapackage.json',
  dcat: 'dcat.jsonld',
} as const;

/**
 * Bound of every download file: 25 MiB, the largest static asset Cloudflare Workers serve. A build whose file would be
 * larger writes no download (makeDownloads); docs/performance.md (Downloads) gives the sizes measured at 10,000 records.
 */
export const DOWNLOAD_LIMITS = { maxFileBytes: 25 * 2 ** 20 } as const;

/** Media types of the files as every host serves them. */
export const DOWNLOAD_TYPES = {
  jsonl: 'application/gzip',
  csv: 'text/csv; charset=utf-8',
  datapackage: 'application/json; charset=utf-8',
  dcat: 'application/ld+json; charset=utf-8',
} as const;

/** The API route of a download (counts as one request, answers 307 to the file). */
export const downloadApiPath = (name: string) => `${API_BASE}/downloads/${name}`;
/** The static path of a download. */
export const downloadFilePath = (name: string) => `${DOWNLOADS_PATH}/${name}`;
