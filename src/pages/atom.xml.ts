import type { APIRoute } from 'astro';
import { getFacts } from '../data/facts.ts';
import { buildAtomFeed } from '../lib/publish/atom.ts';
import { readSettings } from '../lib/config.ts';

/** /atom.xml: the most recently modified records. */
export const GET: APIRoute = async () =>
  new Response(buildAtomFeed(await getFacts(), readSettings(process.env).SITE_URL, new Date()), {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  });
