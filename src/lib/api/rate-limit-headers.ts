/**
 * The IETF RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured-field lists of
 * named items): the quota (`q`) and its window (`w`), then what is left (`r`) and when it resets (`t`, seconds).
 */
import type { QuotaDecision } from '../quota.ts';

/** The name of the one policy: every route, and the MCP server, share it. */
export const RATE_LIMIT_POLICY_NAME = 'default';

/** The two headers for a decision, e.g. `"default";q=120;w=60` and `"default";r=119;t=42`. */
export function rateLimitHeaders(decision: QuotaDecision): { 'ratelimit-policy': string; ratelimit: string } {
  const name = `"${RATE_LIMIT_POLICY_NAME}"`;
  return {
    'ratelimit-policy': `${name};q=${decision.limit};w=${decision.windowSeconds}`,
    ratelimit: `${name};r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}
