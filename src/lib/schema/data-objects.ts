/**
 * Inner fields of organization_data, person_data, offer_data, professional_data and
 * pricing_reference. The spec only says each is an object; these shapes are our decision.
 * The four data objects (and an address) are open: the fields below are checked, and any other field is kept and
 * published unchanged, so that records imported from another deployment of the spec lose nothing (docs/publishing.md).
 */
import { z } from 'zod';
import { IdSchema, LICENCE_CATEGORIES, RegionSchema } from './vocabulary.ts';
import { HttpUrlSchema } from './source.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const isoDate = z.iso.date();
const fictional = z
  .boolean()
  .describe('True when the entity is an invented example (demonstration content), not a real one');
const languages = z.array(z.enum(['fr', 'nl', 'de', 'en'])).describe('Languages served (ISO 639-1)');
const categories = z.array(z.enum(LICENCE_CATEGORIES)).describe('Licence categories concerned');

/** A postal address in Belgium or abroad. */
export const AddressSchema = z.looseObject({
  street: text(200).optional().describe('Street and number'),
  postal_code: text(12).optional().describe('Postal code'),
  locality: text(100).describe('Town or municipality'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('BE')
    .describe('ISO 3166-1 alpha-2 country code'),
});

/** Data of an organization record (public body, exam centre, school, company...). */
export const OrganizationDataSchema = z
  .looseObject({
    legal_name: text(200).optional().describe('Official or legal name'),
    organization_type: z
      .enum([
        'public-body',
        'exam-centre',
        'driving-school',
        'training-centre',
        'medical-service',
        'association',
        'company',
        'other',
      ])
      .describe('What sort of organization it is'),
    areas_served: z.array(RegionSchema).min(1).describe('Regions where it operates'),
    website: HttpUrlSchema.optional().describe('Home page'),
    phone: text(40).optional().describe('Public phone number'),
    email: z.email().optional().describe('Public contact address'),
    address: AddressSchema.optional().describe('Main address'),
    enterprise_number: z
      .string()
      .regex(/^[01]\d{3}\.\d{3}\.\d{3}$/)
      .optional()
      .describe('Belgian enterprise number (BCE/KBO), 0123.456.789'),
    fictional,
  })
  .describe('Organization details (kind organization)');

/** Data of a person record: always a fictional example, never a real private person. */
export const PersonDataSchema = z
  .looseObject({
    name: text(120).describe('Display name'),
    role: text(200).describe('Role or position'),
    affiliation: text(200).optional().describe('Organization the person works with'),
    expertise: z.array(text(120)).optional().describe('Subjects the person covers'),
    languages: languages.optional(),
    fictional,
  })
  .describe('Person details (kind person)');

/** Data of an offer record: a priced service. */
export const OfferDataSchema = z
  .looseObject({
    provider: text(200).describe('Name of the provider'),
    provider_id: IdSchema.optional().describe('Id of the provider organization record, when there is one'),
    licence_categories: categories.min(1),
    price_eur: z.number().nonnegative().describe('Price in euros, VAT included'),
    price_unit: z.enum(['package', 'hour', 'lesson', 'exam', 'document']).describe('What the price pays for'),
    includes: z.array(text(200)).optional().describe('What the price includes'),
    duration_hours: z.number().positive().optional().describe('Hours of training included'),
    valid_until: isoDate.optional().describe('Last day the offer is valid (YYYY-MM-DD)'),
    regions: z.array(RegionSchema).min(1).describe('Regions where the offer is available'),
    fictional,
  })
  .describe('Offer details (kind offer)');

/** Data of a professional record: an instructor, a physician, a school manager... */
export const ProfessionalDataSchema = z
  .looseObject({
    name: text(120).describe('Display name'),
    profession: z
      .enum([
        'driving-instructor',
        'driving-school',
        'physician',
        'ophthalmologist',
        'psychologist',
        'lawyer',
        'translator',
        'other',
      ])
      .describe('Profession'),
    licence_categories: categories.optional(),
    locality: text(100).describe('Town where the professional works'),
    postal_code: text(12).optional().describe('Postal code'),
    languages: languages.min(1),
    approval_number: text(60).optional().describe('Approval or registration number, when one applies'),
    website: HttpUrlSchema.optional().describe('Web site'),
    fictional,
  })
  .describe('Professional details (kind professional)');

/** Link to the record that holds the prices a record refers to. */
export const PricingReferenceSchema = z
  .strictObject({
    id: IdSchema.describe('Id of the record holding the prices'),
    url: HttpUrlSchema.describe('Page of that record'),
  })
  .describe('Where the prices mentioned by this record are published');

export type OrganizationData = z.infer<typeof OrganizationDataSchema>;
export type PersonData = z.infer<typeof PersonDataSchema>;
export type OfferData = z.infer<typeof OfferDataSchema>;
export type ProfessionalData = z.infer<typeof ProfessionalDataSchema>;
export type PricingReference = z.infer<typeof PricingReferenceSchema>;
