/** Build-time: the site's URLs in chunks, since one sitemap file may list at most 50,000 URLs. */
import { getFacts } from './facts.ts';
import { getTopics } from './topics.ts';
import { KINDS, REGIONS } from '../lib/schema/vocabulary.ts';
import { recordPagePath } from '../lib/paths.ts';

/** URLs per sitemap file (the protocol's limit is 50,000). */
export const SITEMAP_CHUNK = 40_000;

/** Every page path with its last modification date when a record declares one, in chunks. */
export async function sitemapChunks(): Promise<{ path: string; lastmod?: string | undefined }[][]> {
  const topics = (await getTopics()).map((t) => `/themes/${t.slug}/`);
  const pages = [
    '/',
    '/recherche/',
    '/fiches/',
    '/types/',
    '/regions/',
    ...(topics.length > 0 ? ['/themes/', ...topics] : []),
    '/modifications/',
    '/reutilisation/',
    '/api/',
    ...KINDS.map((k) => `/types/${k}/`),
    ...REGIONS.map((r) => `/regions/${r}/`),
  ];
  const entries = [
    ...pages.map((path) => ({ path })),
    ...(await getFacts()).map((f) => ({ path: recordPagePath(f.id), lastmod: f.modified_at ?? f.verified_at })),
  ];
  const chunks = [];
  for (let i = 0; i < entries.length; i += SITEMAP_CHUNK) chunks.push(entries.slice(i, i + SITEMAP_CHUNK));
  return chunks;
}
