/** The frontmatter of a record file in content/records/: what the publisher writes. */
import { z } from 'zod';
import { IdSchema, KIND_PREFIX, KindSchema, type Kind } from './vocabulary.ts';
import { factCommonShape, IsoDateSchema } from './fact.ts';

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
  // Runs even when fields fail their own schema (zod skips refinements then by default), so that one pass reports
  // every problem; each check reads only fields that are well formed, and is skipped otherwise.
  .superRefine((data, ctx) => checkAcrossFields(data as unknown as Loose, ctx), { when: () => true });

/** Every id prefix ("fait-" never starts "expertise-fait-", so at most one fits an id). */
const PREFIXES = [...new Set(Object.values(KIND_PREFIX))];

/** The frontmatter as written, when some fields may have failed their schema. */
type Loose = Partial<Record<string, unknown>>;

/** The checks that tie several fields together: id prefix and kind, the kind's data object, related, changes, regions. */
function checkAcrossFields(data: Loose, ctx: z.RefinementCtx): void {
  if (typeof data !== 'object' || data === null) return;
  const kind = KindSchema.safeParse(data.kind).success ? (data.kind as Kind) : undefined;
  const id = typeof data.id === 'string' ? data.id : undefined;
  // A malformed id is checked too when it starts with a known prefix (its pattern error does not say which prefix).
  const prefix = id === undefined ? undefined : PREFIXES.find((p) => id.startsWith(p));
  if (id !== undefined && kind !== undefined && prefix !== undefined && prefix !== KIND_PREFIX[kind]) {
    ctx.addIssue({
      code: 'custom',
      path: ['id'],
      message: `id "${id}" does not fit kind "${kind}": expected the prefix "${KIND_PREFIX[kind]}"`,
    });
  }
  if (kind !== undefined) {
    for (const field of DATA_FIELDS) {
      const wanted = KIND_DATA_FIELD[kind] === field;
      if (wanted && data[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is required for kind "${kind}"` });
      if (!wanted && data[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is not allowed for kind "${kind}"` });
    }
  }
  const seen = new Set<string>();
  for (const [i, other] of (Array.isArray(data.related) ? data.related : []).entries()) {
    if (typeof other !== 'string') continue;
    if (other === id)
      ctx.addIssue({ code: 'custom', path: ['related', i], message: 'a record cannot be related to itself' });
    if (seen.has(other)) ctx.addIssue({ code: 'custom', path: ['related', i], message: `lists "${other}" twice` });
    seen.add(other);
  }
  if (Array.isArray(data.changes)) checkChanges(data.changes, ctx);
  if (Array.isArray(data.regions) && new Set(data.regions).size !== data.regions.length)
    ctx.addIssue({ code: 'custom', path: ['regions'], message: 'lists a region twice' });
}

/** Today's date (UTC), YYYY-MM-DD: a change dated later is not published yet. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The date of a change, when it is a valid YYYY-MM-DD (else its own schema reports it). */
function changeDate(change: unknown): string | undefined {
  const date = (change as { date?: unknown } | null)?.date;
  return IsoDateSchema.safeParse(date).success ? (date as string) : undefined;
}

/** Changes are a log: oldest first, one entry a day, none dated after today. Changes without a valid date are skipped. */
function checkChanges(changes: readonly unknown[], ctx: z.RefinementCtx): void {
  const today = todayUtc();
  for (const [i, change] of changes.entries()) {
    const date = changeDate(change);
    if (date === undefined) continue;
    if (date > today)
      ctx.addIssue({
        code: 'custom',
        path: ['changes', i, 'date'],
        message: `${date} is in the future (today is ${today}): record a change once it is published`,
      });
    const previous = i > 0 ? changeDate(changes[i - 1]) : undefined;
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
