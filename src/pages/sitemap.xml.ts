// The sitemap index: one entry per sitemap-N.xml file.
import type { APIRoute } from 'astro';
import { sitemapChunks } from '../data/sitemap.ts';

export const GET: APIRoute = async ({ site }) => {
  const entries = (await sitemapChunks()).map(
    (_, n) => `  <sitemap><loc>${new URL(`/sitemap-${n}.xml`, site).href}</loc></sitemap>`,
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8' },
    },
  );
};
