/** Browser search state and its URL form (?q=&kind=&region=&page=), so searches can be shared and Back works. */
import { KINDS, REGIONS, type Kind, type Region } from '../lib/schema/kinds-regions.ts';
import { QUERY_LIMITS } from '../lib/schema/limits.ts';

/** Results per page in the browser. */
export const PAGE_SIZE = 20;

/** What the search page shows. */
export interface SearchState {
  q: string;
  kind: Kind | undefined;
  region: Region | undefined;
  page: number;
  /** The exact words only: no suggestion shown in their place (?exact=1). */
  exact: boolean;
}

/** Reads the state from a query string; unknown filter values are dropped and reported. */
export function readState(search: string): { state: SearchState; ignored: string[] } {
  const params = new URLSearchParams(search);
  const ignored: string[] = [];
  const pick = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    const raw = params.get(name);
    if (raw === null || raw === '') return undefined;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    ignored.push(`${name}=${raw}`);
    return undefined;
  };
  const page = Number(params.get('page') ?? '1');
  return {
    state: {
      q: [...(params.get('q') ?? '')].slice(0, QUERY_LIMITS.qMaxLength).join(''),
      kind: pick('kind', KINDS),
      region: pick('region', REGIONS),
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      exact: params.get('exact') === '1',
    },
    ignored,
  };
}

/** The query string for a state (empty values left out). */
export function writeState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.kind) params.set('kind', state.kind);
  if (state.region) params.set('region', state.region);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.exact && state.q.trim()) params.set('exact', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when the state asks for something (a query or a filter). */
export function isActive(state: SearchState): boolean {
  return state.q.trim() !== '' || state.kind !== undefined || state.region !== undefined;
}
