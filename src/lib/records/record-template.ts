/** The source of a new record file: every field its kind allows, each with its description as a comment. */
import { z } from 'zod';
import { RecordFrontmatterSchema, KIND_DATA_FIELD } from '../schema/record-file.ts';
import type { Kind } from '../schema/vocabulary.ts';
import {
  OfferDataSchema,
  OrganizationDataSchema,
  PersonDataSchema,
  ProfessionalDataSchema,
} from '../schema/data-objects.ts';

/**
 * Values the template writes that no real record has: validation rejects each (template-placeholders.ts), so a
 * template left as written cannot be published, while its YAML and types stay right for the schema's own checks.
 */
export const TEMPLATE_PLACEHOLDERS = {
  /** Any string value or body holding this word is still a placeholder. */
  todo: 'TODO',
  /** The example source's address. */
  sourceUrl: 'https://www.example.be/adresse-de-la-source',
  /** Example dates and date-times: no record about Belgian licences is dated 1900. */
  dates: ['1900-01-01', '1900-01-01T00:00:00Z'],
  /** Example values of data fields that a reader would take for real ones: a contact, a price no offer has. */
  fields: {
    website: 'https://www.example.be',
    phone: '+32 2 000 00 00',
    email: 'info@example.be',
    enterprise_number: '0123.456.789',
    price_eur: 999999,
  },
} as const;

/** Placeholder values: the file parses and has every field's type, so `npm run dev` shows what is left to replace. */
const EXAMPLES: Record<string, string> = {
  title: '"TODO: le titre de la fiche"',
  regions: '[belgique]',
  sources: `\n  - url: ${TEMPLATE_PLACEHOLDERS.sourceUrl}\n    label: "TODO: nom de la source"\n    type: official`,
  verified_at: TEMPLATE_PLACEHOLDERS.dates[0],
  effective_from: TEMPLATE_PLACEHOLDERS.dates[0],
  modified_at: TEMPLATE_PLACEHOLDERS.dates[1],
  changes: `\n  - date: ${TEMPLATE_PLACEHOLDERS.dates[0]}\n    note: "TODO: ce qui a changé, en une ligne"`,
  evidence_kind: 'official-guidance',
  verification_scope: '"TODO: ce que la vérification couvre"',
  bibliography: '["TODO: référence bibliographique"]',
  summary: '"TODO: une phrase de résumé"',
  related: '[]',
  pricing_reference: 'offer-0000000000000000',
};
/** Placeholders of the data objects' fields. */
const DATA_EXAMPLES: Record<string, string> = {
  legal_name: '"TODO"',
  organization_type: 'other',
  areas_served: '[belgique]',
  website: TEMPLATE_PLACEHOLDERS.fields.website,
  phone: `"${TEMPLATE_PLACEHOLDERS.fields.phone}"`,
  email: TEMPLATE_PLACEHOLDERS.fields.email,
  address: '\n    street: "TODO"\n    postal_code: "1000"\n    locality: "Bruxelles"\n    country: BE',
  enterprise_number: `"${TEMPLATE_PLACEHOLDERS.fields.enterprise_number}"`,
  fictional: 'false',
  name: '"TODO: nom"',
  role: '"TODO: rôle"',
  affiliation: '"TODO"',
  expertise: '["TODO"]',
  languages: '[fr]',
  provider: '"TODO: prestataire"',
  provider_id: 'brand-0000000000000000',
  licence_categories: '[B]',
  price_eur: String(TEMPLATE_PLACEHOLDERS.fields.price_eur),
  price_unit: 'package',
  includes: '["TODO"]',
  duration_hours: '1',
  valid_until: TEMPLATE_PLACEHOLDERS.dates[0],
  regions: '[belgique]',
  profession: 'other',
  locality: '"TODO: localité"',
  postal_code: '"1000"',
  approval_number: '"TODO"',
};
const DATA_SCHEMAS = {
  organization_data: OrganizationDataSchema,
  person_data: PersonDataSchema,
  offer_data: OfferDataSchema,
  professional_data: ProfessionalDataSchema,
};

/** A field's line(s): its description as a comment, then the field, commented out when optional. */
function field(name: string, schema: z.ZodType, value: string, indent: string): string[] {
  const optional = schema.safeParse(undefined).success;
  const inner = (optional ? (schema as z.ZodOptional<z.ZodType>).unwrap?.() : schema) ?? schema;
  const inside = inner instanceof z.ZodArray ? (inner.element as z.ZodType) : inner;
  const choices = inside instanceof z.ZodEnum ? `; one of: ${inside.options.join(', ')}` : '';
  const comment = `${indent}# ${schema.description ?? name}${choices}${optional ? ' (optional)' : ''}`;
  const lines = `${name}: ${value}`.replace(/: \n/, ':\n').split('\n');
  return [comment, ...lines.map((line) => `${indent}${optional ? '# ' : ''}${line}`)];
}

/** The text of a new record file of `kind` with id `id`. */
export function recordTemplate(kind: Kind, id: string): string {
  const out = [
    '---',
    '# Record id: keep it; links from other records use it.',
    `id: ${id}`,
    '# Record kind',
    `kind: ${kind}`,
  ];
  const shape = RecordFrontmatterSchema.shape as Record<string, z.ZodType>;
  for (const [name, schema] of Object.entries(shape)) {
    if (name === 'id' || name === 'kind' || name.endsWith('_data')) continue;
    out.push(...field(name, schema, EXAMPLES[name] ?? '""', ''));
  }
  const data = KIND_DATA_FIELD[kind];
  if (data) {
    out.push(`# ${DATA_SCHEMAS[data].description}`, `${data}:`);
    for (const [name, schema] of Object.entries(DATA_SCHEMAS[data].shape as Record<string, z.ZodType>)) {
      out.push(...field(name, schema, DATA_EXAMPLES[name] ?? '"TODO"', '  '));
    }
  }
  out.push(
    '---',
    'TODO: le texte de la fiche, en Markdown. Le premier paragraphe sert de résumé quand `summary` est absent.',
    '',
  );
  return out.join('\n');
}
