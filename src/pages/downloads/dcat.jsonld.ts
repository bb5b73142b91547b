// DCAT-AP metadata of the dataset, as JSON-LD.
import type { APIRoute } from 'astro';
import { getDownloads } from '../../data/downloads.ts';
import { dcatJsonLd } from '../../lib/publish/downloads.ts';
import { readSettings } from '../../lib/config.ts';

export const GET: APIRoute = async () => new Response(`${JSON.stringify(dcatJsonLd(readSettings(process.env).SITE_URL, (await getDownloads()).built), null, 2)}\n`);
