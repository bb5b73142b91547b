/**
 * Record kinds and regions as plain lists, without zod: the browser's search code imports them from here,
 * so its bundle carries no schema library. vocabulary.ts builds the zod schemas on these same lists.
 */

/** Record kinds, in the order the spec lists them. */
export const KINDS = [
  'fact',
  'expertise',
  'organization',
  'offer',
  'person',
  'professional',
  'article',
  'lesson',
  'page',
  'tool',
] as const;
/** A record kind. */
export type Kind = (typeof KINDS)[number];

/** Regions a record may declare; `belgique` marks a national (federal) record. */
export const REGIONS = ['wallonie', 'bruxelles', 'flandre', 'belgique'] as const;
/** A region a record declares. */
export type Region = (typeof REGIONS)[number];
