/**
 * GET /api/v1/_zero-results: the queries that found nothing (zero-results.ts), for `npm run search:report`. Not a
 * public route: it answers only a request carrying `Authorization: Bearer <SEARCH_REPORT_TOKEN>`; without the token
 * configured, or with a wrong one, it does not exist (the usual 404). Never cached.
 */
import { API_BASE } from '../paths.ts';
import type { ZeroResultLog } from './zero-results.ts';
import { jsonText, type ApiReply } from './responses.ts';

/** Where the report is read. */
export const ZERO_RESULTS_PATH = `${API_BASE}/_zero-results`;
/** Most queries a report lists. */
export const ZERO_RESULTS_REPORTED = 100;

/** Compares two strings in time independent of where they differ. */
function sameToken(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The report for an authorised request, or null (the caller answers 404 as for any unknown path). */
export function zeroResultsReply(
  request: { headers: { get(name: string): string | null } },
  token: string | undefined,
  log: ZeroResultLog,
): ApiReply | null {
  if (!token) return null;
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (given === undefined || !sameToken(given, token)) return null;
  const body = JSON.stringify({ distinct: log.size, queries: log.top(ZERO_RESULTS_REPORTED) });
  return jsonText(body, 200, { 'cache-control': 'no-store' });
}
