/** The spec's numeric limits, in a module without zod so that the browser client can use them too. */

/** Limits from the spec, sections 4.2 and 8. */
export const QUERY_LIMITS = {
  qMaxLength: 300,
  limit: { min: 1, max: 50, default: 10 },
  offset: { min: 0, max: 10_000, default: 0 },
} as const;

/** Bounds of Retry-After on a 429 (spec section 7): an integer number of seconds. */
export const RETRY_AFTER_SECONDS = { min: 1, max: 60 } as const;
