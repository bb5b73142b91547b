// Every record as GET /facts/{id} returns it, one a line, gzip-compressed (src/lib/publish/downloads.ts).
import type { APIRoute } from 'astro';
import { getDownloads } from '../../data/downloads.ts';
import { DOWNLOAD_TYPES } from '../../lib/publish/downloads.ts';

export const GET: APIRoute = async () => new Response((await getDownloads()).jsonlGz as Uint8Array<ArrayBuffer>, { headers: { 'content-type': DOWNLOAD_TYPES.jsonl } });
