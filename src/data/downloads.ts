/** Build-time: the download files of the current records, made once per build (or per content reload in dev). */
import { makeDownloads, type DownloadFiles } from '../lib/publish/make-downloads.ts';
import { getFacts } from './facts.ts';
import { versioned } from './content-version.ts';

/** The downloads of the records getFacts gives (a file over the bound stops the build: makeDownloads). */
export const getDownloads: () => Promise<DownloadFiles> = versioned(async () => makeDownloads(await getFacts(), new Date()));
