// One row per record: scalar fields and counts, UTF-8 with a byte order mark, CRLF (src/lib/publish/downloads.ts).
import type { APIRoute } from 'astro';
import { getDownloads } from '../../data/downloads.ts';
import { DOWNLOAD_TYPES } from '../../lib/publish/downloads.ts';

export const GET: APIRoute = async () => new Response((await getDownloads()).csv as Uint8Array<ArrayBuffer>, { headers: { 'content-type': DOWNLOAD_TYPES.csv } });
