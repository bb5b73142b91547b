/** Turns the /facts query string into a FactsQuery, or an HttpError naming the parameter and value. */
import { QUERY_LIMITS } from '../schema/facts-query.ts';
import { KINDS, REGIONS } from '../schema/vocabulary.ts';
import type { FactsQuery } from '../search/index.ts';
import { HttpError } from './http-error.ts';
import { enumParam, integerParam, singleParams } from './query-params.ts';

/** Parameters GET /facts accepts. */
export const FACTS_PARAMS = ['q', 'region', 'kind', 'limit', 'offset', 'po_live'] as const;

/** Validates every /facts parameter of the query string `search` (`url.search`) with the spec's limits. */
export function parseFactsQuery(search: string): FactsQuery {
  const values = singleParams(search, FACTS_PARAMS, '/facts');
  const q = values.get('q');
  // Counted in Unicode characters (code points), not bytes nor UTF-16 units.
  const length = q === undefined ? 0 : [...q].length;
  if (length > QUERY_LIMITS.qMaxLength) {
    throw new HttpError(
      400,
      'invalid_parameter',
      `q must be at most ${QUERY_LIMITS.qMaxLength} characters, got ${length}`,
    );
  }
  return {
    q: q?.trim() ? q : undefined,
    region: enumParam('region', values.get('region'), REGIONS),
    kind: enumParam('kind', values.get('kind'), KINDS),
    limit: integerParam('limit', values.get('limit'), QUERY_LIMITS.limit),
    offset: integerParam('offset', values.get('offset'), QUERY_LIMITS.offset),
  };
}
