/** Headers for the site's pages, sent by the Node server and written to dist/_headers for static hosts. */
import { CORS_HEADERS } from './api/responses.ts';
import { DOWNLOAD_NAMES, DOWNLOAD_TYPES, downloadFilePath } from './publish/download-files.ts';

/**
 * No inline or third-party script or style: pages load scripts and stylesheets from the site's own origin
 * (Astro is set never to inline stylesheets, and no page uses a style attribute).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every page and static file. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * Folders of static files any origin may read (the search index, which other sites' search boxes may fetch; the
 * downloads, which browser clients reach through a 307 from /api/v1): every host sends them with Access-Control-Allow-Origin: *.
 */
export const CROSS_ORIGIN_STATIC_PATHS: readonly string[] = ['search', 'downloads'];

/** The `_headers` file (Netlify, Cloudflare Pages) for hosting dist/ without the Node server. */
export function staticHostHeaders(): string {
  const page = Object.entries(PAGE_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '/*',
    ...page,
    // Every matching rule applies, and values of a header set twice are joined ("*, *"): CORS is set once, on /api/v1/*.
    '/api/v1/facts/*',
    '  content-type: application/json; charset=utf-8',
    '/api/v1/*',
    `  access-control-allow-origin: ${CORS_HEADERS['access-control-allow-origin']}`,
    `  access-control-expose-headers: ${CORS_HEADERS['access-control-expose-headers']}`,
    '/atom.xml',
    '  content-type: application/atom+xml; charset=utf-8',
    // Hosts guess types from extensions; a download's type (and a CSV's charset) must not depend on that guess.
    ...Object.entries(DOWNLOAD_NAMES).flatMap(([key, name]) => [
      downloadFilePath(name),
      `  content-type: ${DOWNLOAD_TYPES[key as keyof typeof DOWNLOAD_TYPES]}`,
    ]),
    ...CROSS_ORIGIN_STATIC_PATHS.flatMap((folder) => [`/${folder}/*`, '  access-control-allow-origin: *']),
    '',
  ].join('\n');
}
