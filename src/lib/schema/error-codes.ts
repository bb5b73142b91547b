/** The vocabulary of error.code values, beside the response schemas that describe them. */

/**
 * Every error.code the API sends. The spec leaves the list open; these are our decision,
 * documented in docs/api.md and the OpenAPI description.
 */
export const ERROR_CODES = {
  invalid_parameter: 'A query parameter has a bad value, or a name or value that is not UTF-8 percent-encoded (400)',
  unknown_parameter: 'A query parameter the route does not accept (400)',
  repeated_parameter: 'A query parameter given more than once (400)',
  invalid_id: 'The record id in the path does not match the id pattern (400)',
  invalid_path: 'The path cannot be decoded (400)',
  malformed_request: 'The HTTP request cannot be parsed (bad request line, header or URL character) (400)',
  headers_too_large: 'The request headers exceed the server limit (16 KiB) (400)',
  record_not_found: 'No published record has this id (404)',
  route_not_found: 'No API route at this path (404)',
  method_not_allowed: 'Only GET is accepted (405)',
  rate_limited: 'Too many requests from this address; wait Retry-After seconds (429)',
  service_unavailable: 'The data cannot be loaded right now; retry later (503)',
  internal_error: 'An unexpected error; it is logged; retry later (503)',
} as const;
/** One of the API's error codes. */
export type ErrorCode = keyof typeof ERROR_CODES;
