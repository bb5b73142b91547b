// Every page of the site, for search engines.
import type { APIRoute } from 'astro';
import { getFacts } from '../data/facts.ts';
import { KINDS, REGIONS } from '../lib/schema/vocabulary.ts';
import { recordPagePath } from '../lib/paths.ts';

export const GET: APIRoute = async ({ site }) => {
  const facts = await getFacts();
  const paths = ['/', '/recherche/', '/types/', '/regions/', '/reutilisation/', '/api/', ...KINDS.map((k) => `/types/${k}/`), ...REGIONS.map((r) => `/regions/${r}/`), ...facts.map((f) => recordPagePath(f.id))];
  const urls = paths.map((p) => {
    const fact = facts.find((f) => recordPagePath(f.id) === p);
    const lastmod = fact?.modified_at ?? fact?.verified_at;
    return `  <url><loc>${new URL(p, site).href}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`, {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
