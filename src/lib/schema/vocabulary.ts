/**
 * The closed vocabularies of the service: kinds, regions, source types, evidence kinds,
 * licence categories, and the rule tying each kind to its id prefix.
 */
import { z } from 'zod';
import { KINDS, REGIONS, type Kind } from './kinds-regions.ts';

export { KINDS, REGIONS, type Kind, type Region } from './kinds-regions.ts';

/** A record kind. */
export const KindSchema = z.enum(KINDS).describe('Record kind');

/** A region a record declares. */
export const RegionSchema = z
  .enum(REGIONS)
  .describe('Region declared in the record; belgique means national (federal)');

/** Source types: official (public bodies), operator (exam centres and similar), brand (commercial actors), source (anything else). */
export const SOURCE_TYPES = ['official', 'operator', 'brand', 'source'] as const;

/**
 * What kind of evidence backs a record. The spec names analysis, method and declaration
 * "among others"; the rest of this list is our decision.
 */
export const EVIDENCE_KINDS = [
  'official-text', // a law, decree or official publication
  'official-guidance', // an authority's explanatory page or circular
  'analysis', // the publisher's own analysis
  'method', // a teaching or working method
  'declaration', // what an organization or person declares about itself
  'observation', // first-hand observation (e.g. exam centre practice)
] as const;

/** Belgian driving licence categories used in records. */
export const LICENCE_CATEGORIES = [
  'AM',
  'A1',
  'A2',
  'A',
  'B',
  'BE',
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
  'G',
] as const;

/** Spec pattern for a record id. */
export const ID_PATTERN = /^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$/;

/** A record id, as the spec defines it. */
export const IdSchema = z
  .string()
  .regex(ID_PATTERN, { error: (iss) => `must match ${ID_PATTERN.source}, got ${JSON.stringify(iss.input)}` })
  .describe(
    'Record id: a prefix (fait-, expertise-fait-, page-, brand-, offer-, person-, professional-) and 16 lowercase hex characters',
  );

/**
 * The id prefix each kind must use. The spec lists prefixes and kinds but not how they pair;
 * articles, lessons, pages and tools are all pages of the publisher's site, hence `page-`.
 */
export const KIND_PREFIX: Record<Kind, string> = {
  fact: 'fait-',
  expertise: 'expertise-fait-',
  organization: 'brand-',
  offer: 'offer-',
  person: 'person-',
  professional: 'professional-',
  article: 'page-',
  lesson: 'page-',
  page: 'page-',
  tool: 'page-',
};
