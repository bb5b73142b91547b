/** The /api/v1 routes: each reads artefacts and returns a reply, or throws an HttpError. */
import { ARTEFACTS, API_BASE } from '../paths.ts';
import { ID_PATTERN } from '../schema/vocabulary.ts';
import { parseFactsQuery } from './facts-query.ts';
import { HttpError, quote } from './http-error.ts';
import type { Artefacts } from './artefacts.ts';
import { singleParams } from './query-params.ts';
import { jsonText, redirect, type ApiReply } from './responses.ts';

const CACHEABLE = { 'cache-control': 'public, max-age=300' };

/** A matched route: whether it takes part in the po_live redirect, and what it answers. */
export interface Route {
  name: string;
  redirects: boolean;
  run(url: URL, data: Artefacts): Promise<ApiReply>;
}

/**
 * Applies the po_live rule on every route: present, it must be exactly 1; absent, routes that
 * redirect answer 307 to the same URL with po_live=1 appended (every other parameter kept as sent).
 * A repeated po_live is left to the route's parameter check, which names it.
 */
export function poLiveRule(url: URL, route: Route): ApiReply | null {
  const values = url.searchParams.getAll('po_live');
  if (values.length === 0) return route.redirects ? redirect(`${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}po_live=1`) : null;
  if (values.length === 1 && values[0] !== '1') {
    throw new HttpError(400, 'invalid_parameter', `po_live must be 1, got ${quote(values[0]!)}`);
  }
  return null;
}

const catalogue: Route = {
  name: '/',
  redirects: true,
  async run(url, data) {
    singleParams(url.searchParams, ['po_live'], '/');
    return jsonText(await data.text(ARTEFACTS.catalogue), 200, CACHEABLE);
  },
};

const openapi: Route = {
  name: '/openapi.json',
  redirects: false,
  async run(url, data) {
    singleParams(url.searchParams, ['po_live'], '/openapi.json');
    return jsonText(await data.text(ARTEFACTS.openapi), 200, CACHEABLE);
  },
};

const facts: Route = {
  name: '/facts',
  redirects: true,
  async run(url, data) {
    const query = parseFactsQuery(url.searchParams);
    const engine = await data.engine();
    const page = engine.search(query);
    const records = await Promise.all(page.ids.map((id) => data.record(id)));
    if (records.some((r) => r === null)) throw new HttpError(503, 'service_unavailable', 'the search index and the records disagree; retry later', { 'retry-after': '10' });
    const body = `{"results":[${records.join(',')}],"total":${page.total},"limit":${query.limit},"offset":${query.offset}}`;
    return jsonText(body, 200, CACHEABLE);
  },
};

function factById(segment: string): Route {
  return {
    name: '/facts/{id}',
    redirects: true,
    async run(url, data) {
      singleParams(url.searchParams, ['po_live'], '/facts/{id}');
      let id: string;
      try {
        id = decodeURIComponent(segment);
      } catch {
        throw new HttpError(400, 'invalid_path', `the record id in the path is not valid percent-encoding, got ${quote(segment)}`);
      }
      if (!ID_PATTERN.test(id)) throw new HttpError(400, 'invalid_id', `id must match ${ID_PATTERN.source}, got ${quote(id)}`);
      const json = await data.record(id);
      if (json === null) throw new HttpError(404, 'record_not_found', `no record has the id ${quote(id)}; search again with /facts?q=`);
      return jsonText(json, 200, CACHEABLE);
    },
  };
}

/** Finds the route for a pathname under /api/v1, or null. */
export function matchRoute(pathname: string): Route | null {
  if (pathname === API_BASE || pathname === `${API_BASE}/`) return catalogue;
  const rest = pathname.slice(API_BASE.length);
  if (rest === '/facts') return facts;
  if (rest === '/openapi.json') return openapi;
  const id = /^\/facts\/([^/]+)$/.exec(rest);
  return id ? factById(id[1]!) : null;
}
