/** The /api/v1 routes: each reads artefacts and returns the Entity of its 200, or throws an HttpError. */
import { noteCache, telemetry, type CacheTrace } from '../telemetry.ts';
import { ARTEFACTS, API_BASE } from '../paths.ts';
import { ID_PATTERN } from '../schema/vocabulary.ts';
import type { Artefacts } from './artefacts.ts';
import { Entity } from './entity.ts';
import { parseFactsQuery } from './facts-query.ts';
import { HttpError, quote } from './http-error.ts';
import { decodedValue, decodeParam, rawParams, singleParams } from './query-params.ts';
import { factsKey, type ReplyCache } from './reply-cache.ts';
import { redirect, type ApiReply } from './responses.ts';
import type { ZeroResultLog } from './zero-results.ts';
import { downloadRoute, DOWNLOADS_ROUTE } from './downloads-route.ts';

/** What routes read: the build artefacts and the /facts answer cache (null when turned off). */
export interface RouteContext {
  data: Artefacts;
  replies: ReplyCache | null;
  /** Counts the queries that found nothing (zero-results.ts). */
  zeroResults: ZeroResultLog;
  /** This request's cache outcome, when the host records it (the access log). */
  trace?: CacheTrace | undefined;
}

/** /facts answers of queries that found nothing: a cached one is counted again when served. */
const zeroAnswers = new WeakSet<Entity>();

/** A matched route: whether it takes part in the po_live redirect, and what it answers (an entity, or a reply of its own such as a redirect). */
export interface Route {
  name: string;
  redirects: boolean;
  run(url: URL, context: RouteContext): Promise<Entity | ApiReply>;
}

/**
 * Applies the po_live rule on every route: present, it must be exactly 1; absent, routes that redirect
 * answer 307 to the same path and query on the canonical `origin` (never the request's Host), with po_live=1
 * appended and every other parameter kept as sent. A repeated po_live is left to the route's parameter check, and so
 * is every other parameter, its percent-encoding included: a request without po_live gets its 307 before any of them
 * is read. A badly encoded po_live is a 400 here, since the rule cannot read it.
 */
export function poLiveRule(url: URL, route: Route, origin: string): ApiReply | null {
  const values = rawParams(url.search).filter((param) => decodeParam(param.name) === 'po_live');
  if (values.length === 0)
    return route.redirects ? redirect(`${origin}${url.pathname}${url.search ? `${url.search}&` : '?'}po_live=1`) : null;
  if (values.length === 1) {
    const value = decodedValue('po_live', values[0]!.value);
    if (value !== '1') throw new HttpError(400, 'invalid_parameter', `po_live must be 1, got ${quote(value)}`);
  }
  return null;
}

const catalogue: Route = {
  name: '/',
  redirects: true,
  run(url, { data }) {
    singleParams(url.search, ['po_live'], '/');
    return data.file(ARTEFACTS.catalogue);
  },
};

const openapi: Route = {
  name: '/openapi.json',
  redirects: false,
  run(url, { data }) {
    singleParams(url.search, ['po_live'], '/openapi.json');
    return data.file(ARTEFACTS.openapi);
  },
};

const encoder = new TextEncoder();
const COMMA = encoder.encode(',');
const HEAD = encoder.encode('{"results":[');

/** Joins the records' bytes into the list response without decoding them. */
function listBody(records: Entity[], tail: string): Uint8Array {
  const parts: Uint8Array[] = [HEAD];
  records.forEach((record, i) => parts.push(...(i > 0 ? [COMMA, record.bytes] : [record.bytes])));
  parts.push(encoder.encode(tail));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

const facts: Route = {
  name: '/facts',
  redirects: true,
  async run(url, { data, replies, zeroResults, trace }) {
    const query = parseFactsQuery(url.search);
    const key = replies ? factsKey(query) : '';
    const cached = replies?.get(key);
    if (replies) noteCache('reply', cached !== undefined, trace);
    if (cached) {
      if (query.q !== undefined && zeroAnswers.has(cached)) zeroResults.record(query.q);
      return cached;
    }
    const engine = await data.engine();
    const searchStarted = performance.now();
    const page = await engine.search(query);
    telemetry.search(performance.now() - searchStarted);
    const records = await Promise.all(page.ids.map((id) => data.record(id, trace)));
    if (records.some((r) => r === null))
      throw new HttpError(503, 'service_unavailable', 'the search index and the records disagree; retry later', {
        'retry-after': '10',
      });
    // "Did you mean": only when a text query finds nothing; results, total, limit and offset stay as they are.
    const suggestions = page.total === 0 && query.q !== undefined ? await engine.suggest(query) : [];
    // `confident` is the search page's (whether it shows a suggestion at once); the API's suggestions are all offers.
    const extra = suggestions.length
      ? `,"suggestions":${JSON.stringify(suggestions.map(({ confident: _, ...offer }) => offer))}`
      : '';
    const tail = `],"total":${page.total},"limit":${query.limit},"offset":${query.offset}${extra}}`;
    // The body is the records' bytes joined, then the tail: their hashes (kept with each cached record) and the
    // tail determine it, so the answer's ETag hashes that short text instead of the whole body.
    const parts = await Promise.all((records as Entity[]).map((record) => record.etag()));
    const entity = new Entity(listBody(records as Entity[], tail), undefined, `list\n${parts.join('\n')}\n${tail}`);
    if (page.total === 0 && query.q !== undefined) {
      zeroResults.record(query.q);
      zeroAnswers.add(entity);
    }
    replies?.offer(key, entity);
    return entity;
  },
};

function factById(segment: string): Route {
  return {
    name: '/facts/{id}',
    redirects: true,
    async run(url, { data, trace }) {
      singleParams(url.search, ['po_live'], '/facts/{id}');
      let id: string;
      try {
        id = decodeURIComponent(segment);
      } catch {
        throw new HttpError(
          400,
          'invalid_path',
          `the record id in the path is not valid percent-encoding, got ${quote(segment)}`,
        );
      }
      if (!ID_PATTERN.test(id))
        throw new HttpError(400, 'invalid_id', `id must match ${ID_PATTERN.source}, got ${quote(id)}`);
      const record = await data.record(id, trace);
      if (record === null)
        throw new HttpError(404, 'record_not_found', `no record has the id ${quote(id)}; search again with /facts?q=`);
      return record;
    },
  };
}

/** Finds the route for a pathname under /api/v1, or null. */
export function matchRoute(pathname: string): Route | null {
  if (pathname === API_BASE || pathname === `${API_BASE}/`) return catalogue;
  const rest = pathname.slice(API_BASE.length);
  if (rest === '/facts') return facts;
  if (rest === '/openapi.json') return openapi;
  if (pathname.startsWith(DOWNLOADS_ROUTE) && !pathname.slice(DOWNLOADS_ROUTE.length).includes('/'))
    return downloadRoute(pathname.slice(DOWNLOADS_ROUTE.length));
  const id = /^\/facts\/([^/]+)$/.exec(rest);
  return id ? factById(id[1]!) : null;
}
