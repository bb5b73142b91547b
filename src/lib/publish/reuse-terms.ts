/** The reuse terms, in a module of their own: the catalogue, the OpenAPI document and the MCP tools all quote them. */

import type { Reuse } from '../schema/catalogue.ts';

/** The reuse terms of the spec's section 1, stated once for the catalogue, the pages and the README. */
export const REUSE_TERMS = [
  'Content may be consulted, quoted and summarised, including commercially, with a visible attribution and a link to the record page used.',
  'References, region and reservations attached to a record are kept; adaptations are stated.',
  "Official rules are told apart from the publisher's own analyses, offers and teaching content.",
  'Third-party documents and images keep their own terms.',
  'Full republication of a course or article requires permission from the publisher.',
  'Access does not imply partnership or endorsement.',
] as const;

/** The `reuse` block of the catalogue and of every MCP answer: the terms, the attribution asked for, the terms page. */
export function reuseBlock(siteUrl: string): Reuse {
  return {
    terms: REUSE_TERMS,
    attribution: 'permis-facts, with a link to the record page used',
    page: `${siteUrl}/reutilisation/`,
  };
}
