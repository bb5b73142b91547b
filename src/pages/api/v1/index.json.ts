// The catalogue, served by the handler at /api/v1/.
import type { APIRoute } from 'astro';
import { getFacts } from '../../../data/facts.ts';
import { buildCatalogue } from '../../../lib/publish/catalogue.ts';
import { readSettings } from '../../../lib/config.ts';
import { getDownloads } from '../../../data/downloads.ts';

export const GET: APIRoute = async () => {
  const catalogue = buildCatalogue(
    await getFacts(),
    readSettings(process.env).SITE_URL,
    new Date(),
    (await getDownloads())?.built ?? null,
  );
  return new Response(JSON.stringify(catalogue, null, 2));
};
