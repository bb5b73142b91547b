// The Frictionless Data Package descriptor of the downloads.
import type { APIRoute } from 'astro';
import { getDownloads } from '../../data/downloads.ts';
import { dataPackage } from '../../lib/publish/downloads.ts';
import { readSettings } from '../../lib/config.ts';

export const GET: APIRoute = async () => new Response(`${JSON.stringify(dataPackage(readSettings(process.env).SITE_URL, (await getDownloads()).built), null, 2)}\n`);
