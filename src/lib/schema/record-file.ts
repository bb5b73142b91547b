/** The frontmatter of a record file in content/records/: what the publisher writes. */
import { z } from 'zod';
import { IdSchema, idFitsKind, KIND_PREFIX, type Kind } from './vocabulary.ts';
import { factCommonShape } from './fact.ts';

/** Which data object each kind must carry (and no other kind may). */
export const KIND_DATA_FIELD: Partial<
  Record<Kind, 'organization_data' | 'person_data' | 'offer_data' | 'professional_data'>
> = {
  organization: 'organization_data',
  person: 'person_data',
  offer: 'offer_data',
  professional: 'professional_data',
};
const DATA_FIELDS = ['organization_data', 'person_data', 'offer_data', 'professional_data'] as const;

/** Frontmatter of one record file; the markdown body becomes the record's text. */
export const RecordFrontmatterSchema = z
  .strictObject({
    ...factCommonShape,
    summary: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .optional()
      .describe('One-sentence summary used where the record is listed as related; defaults to the start of the text'),
    related: z
      .array(IdSchema)
      .optional()
      .describe('Ids of complementary records; the build resolves each to {id, title, text, url}'),
    pricing_reference: IdSchema.optional().describe(
      'Id of the record that holds the prices; the build resolves it to {id, url}',
    ),
  })
  .superRefine((data, ctx) => {
    if (!idFitsKind(data.id, data.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: `id "${data.id}" does not fit kind "${data.kind}": expected the prefix "${KIND_PREFIX[data.kind]}"`,
      });
    }
    for (const field of DATA_FIELDS) {
      const wanted = KIND_DATA_FIELD[data.kind] === field;
      if (wanted && data[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is required for kind "${data.kind}"` });
      if (!wanted && data[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is not allowed for kind "${data.kind}"` });
    }
    const seen = new Set<string>();
    for (const [i, id] of (data.related ?? []).entries()) {
      if (id === data.id)
        ctx.addIssue({ code: 'custom', path: ['related', i], message: 'a record cannot be related to itself' });
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['related', i], message: `lists "${id}" twice` });
      seen.add(id);
    }
    checkChanges(data.changes ?? [], ctx);
    if (new Set(data.regions).size !== data.regions.length)
      ctx.addIssue({ code: 'custom', path: ['regions'], message: 'lists a region twice' });
  });
/** Today's date (UTC), YYYY-MM-DD: a change dated later is not published yet. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Changes are a log: oldest first, one entry a day, none dated after today. */
function checkChanges(changes: readonly { date: string }[], ctx: z.RefinementCtx): void {
  const today = todayUtc();
  for (const [i, { date }] of changes.entries()) {
    if (date > today)
      ctx.addIssue({
        code: 'custom',
        path: ['changes', i, 'date'],
        message: `${date} is in the future (today is ${today}): record a change once it is published`,
      });
    const previous = changes[i - 1]?.date;
    if (previous === undefined) continue;
    if (date === previous)
      ctx.addIssue({
        code: 'custom',
        path: ['changes', i, 'date'],
        message: `a second change on ${date}: at most one a day; merge the two notes`,
      });
    else if (date < previous)
      ctx.addIssue({
        code: 'custom',
        path: ['changes', i, 'date'],
        message: `${date} comes before the previous change (${previous}): list changes oldest first`,
      });
  }
}

export type RecordFrontmatter = z.infer<typeof RecordFrontmatterSchema>;
