// One sitemap file: at most 40,000 page URLs.
import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapChunks } from '../data/sitemap.ts';

type Entry = { path: string; lastmod?: string | undefined };

export const getStaticPaths = (async () =>
  (await sitemapChunks()).map((entries, n) => ({
    params: { n: String(n) },
    props: { entries },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: Entry[] }> = ({ props, site }) => {
  const urls = props.entries.map(
    ({ path, lastmod }) =>
      `  <url><loc>${new URL(path, site).href}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8' },
    },
  );
};
