/**
 * Each record as an MCP resource, so that a client can attach one to a conversation. Its URI is the record's own API
 * address, `{site}/api/v1/facts/{id}` (a URI any HTTP client resolves to the same JSON), listed 50 a page.
 */
import { API_BASE } from '../paths.ts';
import { QUERY_LIMITS } from '../schema/limits.ts';
import type { Fact } from '../schema/fact.ts';
import type { FactAnswer } from '../schema/mcp-answers.ts';
import type { ListResponse } from '../schema/responses.ts';
import { ID_PATTERN } from '../schema/vocabulary.ts';
import { apiGet, cited, reuse, rpcError, type ToolContext } from './api-access.ts';

/** JSON-RPC error code of a resource that does not exist (the protocol's). */
export const RESOURCE_NOT_FOUND = -32002;
/** Resources per resources/list page: the API's largest page. */
export const RESOURCES_PER_PAGE = QUERY_LIMITS.limit.max;
const MIME = 'application/json';

/** The URI of the record `id` on the site `siteUrl`. */
export const resourceUri = (siteUrl: string, id: string) => `${siteUrl}${API_BASE}/facts/${id}`;

/** The resource template: one record by its id. */
export function resourceTemplates(siteUrl: string) {
  return [
    {
      uriTemplate: resourceUri(siteUrl, '{id}'),
      name: 'record',
      title: 'A permis-facts record',
      description: 'One record in full by its id (see search_facts), with how to cite it and the reuse terms',
      mimeType: MIME,
    },
  ];
}

/** One page of resources/list: the records in id order, `cursor` being where the page starts. */
export async function listResources(context: ToolContext, cursor: string | undefined) {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (cursor !== undefined && !(/^\d{1,5}$/.test(cursor) && offset <= QUERY_LIMITS.offset.max)) {
    throw rpcError(-32602, `cursor must be a nextCursor of resources/list, got ${JSON.stringify(cursor)}`);
  }
  const answer = await apiGet<ListResponse>(context, `/facts?limit=${RESOURCES_PER_PAGE}&offset=${offset}`);
  if ('message' in answer) throw rpcError(-32603, answer.message);
  const { results, total } = answer.body;
  const next = offset + results.length;
  return {
    resources: results.map(({ id, title }) => ({
      uri: resourceUri(context.siteUrl, id),
      name: id,
      title,
      mimeType: MIME,
    })),
    ...(results.length > 0 && next < total && next <= QUERY_LIMITS.offset.max && { nextCursor: String(next) }),
  };
}

/** resources/read: the record at `uri`, as get_fact answers it. */
export async function readResource(context: ToolContext, uri: string) {
  const prefix = resourceUri(context.siteUrl, '');
  const id = uri.startsWith(prefix) ? uri.slice(prefix.length) : undefined;
  if (id === undefined || !ID_PATTERN.test(id)) {
    throw rpcError(
      RESOURCE_NOT_FOUND,
      `no resource at ${JSON.stringify(uri)}: a record's URI is ${resourceUri(context.siteUrl, '{id}')}, the id as search_facts gives it`,
    );
  }
  const answer = await apiGet<Fact>(context, `/facts/${id}`);
  if ('message' in answer && answer.code === 'record_not_found')
    throw rpcError(RESOURCE_NOT_FOUND, `no record has the id ${JSON.stringify(id)} (${uri})`);
  if ('message' in answer) throw rpcError(-32603, answer.message);
  const body: FactAnswer = { record: cited(answer.body), reuse: reuse(context.siteUrl, true) };
  return { contents: [{ uri, mimeType: MIME, text: JSON.stringify(body) }] };
}
