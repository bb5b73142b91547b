/**
 * GET /api/v1/downloads/{file}: the whole corpus in one request. The files are static files of the build (served with
 * the host's compression, ETags and ranges); this route is where the quota counts a download, once, and answers 307
 * to the file.
 */
import { API_BASE, ARTEFACTS } from '../paths.ts';
import { DOWNLOAD_NAMES, downloadApiPath, downloadFilePath } from '../publish/download-files.ts';
import type { Entity } from './entity.ts';
import { HttpError, quote } from './http-error.ts';
import { singleParams } from './query-params.ts';
import { jsonText, type ApiReply } from './responses.ts';
import type { Artefacts } from './artefacts.ts';

/** Prefix of the route's paths. */
export const DOWNLOADS_ROUTE = downloadApiPath('');

const NAMES: readonly string[] = Object.values(DOWNLOAD_NAMES);
/** Whether each build's catalogue lists downloads: read once per catalogue entity. */
const advertised = new WeakMap<Entity, boolean>();

function hasDownloads(catalogue: Entity): boolean {
  let known = advertised.get(catalogue);
  if (known === undefined) {
    known = Boolean((JSON.parse(new TextDecoder().decode(catalogue.bytes)) as { downloads?: unknown }).downloads);
    advertised.set(catalogue, known);
  }
  return known;
}

/**
 * The 307 to a download. The Location is a path, resolved on the origin the client asked (RFC 9110 §10.2.2): the file
 * sits beside the API on every host, so a client never has to reach another address than the one it uses.
 */
function toFile(name: string): ApiReply {
  const location = downloadFilePath(name);
  const body = JSON.stringify({
    redirect: location,
    message: 'Follow this redirect to the file; this request counted once against the quota.',
  });
  return jsonText(body, 307, { location, 'cache-control': 'no-store' });
}

/** The download route as routes.ts matches it (a Route, typed here without importing routes.ts: no import cycle). */
export interface DownloadRoute {
  name: string;
  redirects: false;
  run(url: URL, context: { data: Pick<Artefacts, 'file'> }): Promise<ApiReply>;
}

/** The route for `segment` (the part of the path after /downloads/). */
export function downloadRoute(segment: string): DownloadRoute {
  return {
    name: '/downloads/{file}',
    redirects: false,
    async run(url, { data }) {
      singleParams(url.search, ['po_live'], '/downloads/{file}');
      if (!NAMES.includes(segment)) {
        throw new HttpError(
          404,
          'route_not_found',
          `no download is named ${quote(segment.slice(0, 100))}; the files are ${NAMES.join(', ')} (see downloads in ${API_BASE}/)`,
        );
      }
      if (!hasDownloads(await data.file(ARTEFACTS.catalogue))) {
        throw new HttpError(
          404,
          'route_not_found',
          `this build wrote no downloads; read the records with GET /facts (see pagination in ${API_BASE}/)`,
        );
      }
      return toFile(segment);
    },
  };
}
