/** The published record (schema name Fact), exactly as the API returns it. */
import { z } from 'zod';
import { EVIDENCE_KINDS, IdSchema, KindSchema, RegionSchema } from './vocabulary.ts';
import { HttpUrlSchema, SourceSchema } from './source.ts';
import {
  OfferDataSchema,
  OrganizationDataSchema,
  PersonDataSchema,
  PricingReferenceSchema,
  ProfessionalDataSchema,
} from './data-objects.ts';

/** A web address written in text: a scheme, or a host starting www. */
const URL_IN_TEXT = /\b(?:https?|ftp):\/\/|\bwww\.[a-z0-9-]+\./i;

/** A complementary record to read together with the one that links it. */
export const RelatedItemSchema = z
  .object({
    id: IdSchema.optional(),
    title: z.string().optional().describe('Title of the related record'),
    text: z.string().optional().describe('Short summary of the related record'),
    url: HttpUrlSchema.optional().describe('Page of the related record'),
  })
  .describe('A complementary record to read before answering');
export type RelatedItem = z.infer<typeof RelatedItemSchema>;

/** ISO 8601 calendar date, YYYY-MM-DD. */
export const IsoDateSchema = z.iso.date({
  error: (iss) => `must be a date YYYY-MM-DD, got ${JSON.stringify(iss.input)}`,
});
/** ISO 8601 date-time with a Z or numeric offset; our choice for the spec's unspecified modified_at. */
export const IsoDateTimeSchema = z.iso.datetime({
  offset: true,
  error: (iss) =>
    `must be an ISO 8601 date-time with a timezone, e.g. 2026-05-10T09:00:00Z, got ${JSON.stringify(iss.input)}`,
});

/** Longest change note, in characters: one line a reader takes in at a glance. */
export const CHANGE_NOTE_MAX = 200;

/** One entry of a record's change history, written by the publisher. */
export const ChangeSchema = z
  .strictObject({
    date: IsoDateSchema.describe('Day the change was published (YYYY-MM-DD)'),
    note: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(CHANGE_NOTE_MAX, `must be at most ${CHANGE_NOTE_MAX} characters`)
      .refine((note) => !/[\r\n]/.test(note), 'must be one line (no line break)')
      .describe('What changed, in one line for readers, e.g. "Âge minimum du guide porté à 24 ans"'),
  })
  .describe('A change told to readers: its date and a one-line note');
export type Change = z.infer<typeof ChangeSchema>;

/** The fields every record carries, in the input (markdown) and output (JSON) forms alike. */
export const factCommonShape = {
  id: IdSchema,
  kind: KindSchema,
  title: z.string().trim().min(1).max(200).describe('Title'),
  regions: z.array(RegionSchema).min(1).describe('Regions declared in the record'),
  sources: z.array(SourceSchema).describe('Sources the record relies on'),
  verified_at: IsoDateSchema.optional().describe('Published verification date (YYYY-MM-DD)'),
  effective_from: IsoDateSchema.optional().describe('Date from which the rule or offer applies (YYYY-MM-DD)'),
  modified_at: IsoDateTimeSchema.optional().describe(
    'Publication modification date, ISO 8601 date-time; not a factual verification',
  ),
  changes: z
    .array(ChangeSchema)
    .optional()
    .describe(
      'Extension of this service: changes told to readers, oldest first, at most one a day; the last one is the latest modification',
    ),
  evidence_kind: z
    .enum(EVIDENCE_KINDS)
    .optional()
    .describe('What backs the record: official-text, official-guidance, analysis, method, declaration or observation'),
  verification_scope: z.string().trim().min(1).max(500).optional().describe('What the verification covers'),
  bibliography: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(500)
        .refine((entry) => !URL_IN_TEXT.test(entry), {
          error: (iss) => `names a work, without a URL (the spec attaches none), got ${JSON.stringify(iss.input)}`,
        }),
    )
    .optional()
    .describe('Bibliographic references cited in the text (courses); no URL'),
  organization_data: OrganizationDataSchema.optional(),
  person_data: PersonDataSchema.optional(),
  offer_data: OfferDataSchema.optional(),
  professional_data: ProfessionalDataSchema.optional(),
};

/** A published record. */
export const FactSchema = z
  .object({
    ...factCommonShape,
    text: z.string().min(1).describe('Full text, in Markdown (CommonMark); may contain line breaks'),
    url: HttpUrlSchema.describe('Link to the readable version of the record'),
    related: z.array(RelatedItemSchema).optional().describe('Complementary records to read before answering'),
    pricing_reference: PricingReferenceSchema.optional(),
  })
  .meta({ id: 'Fact' });
export type Fact = z.infer<typeof FactSchema>;
