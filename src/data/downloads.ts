/** Build-time: the download files of the current records, made once per build (or per content reload in dev). */
import { makeDownloads, type DownloadFiles } from '../lib/publish/make-downloads.ts';
import { getFacts } from './facts.ts';
import { versioned } from './content-version.ts';

/** The downloads of the records getFacts gives; null when a file would exceed the bound (makeDownloads). */
export const getDownloads: () => Promise<DownloadFiles | null> = versioned(async () =>
  makeDownloads(await getFacts(), new Date()),
);
