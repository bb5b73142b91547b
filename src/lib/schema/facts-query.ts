/** The /facts query parameters: their limits, and the zod schema the OpenAPI description is made from. */
import { z } from 'zod';
import { KINDS, REGIONS } from './vocabulary.ts';
import { QUERY_LIMITS } from './limits.ts';

export { QUERY_LIMITS };

/** The po_live parameter: only "1" is accepted. */
export const PoLiveSchema = z
  .literal('1')
  .describe(
    'Technical parameter requesting a refreshed read; without it, data routes answer 307 to the same URL with po_live=1 added',
  );

/** Query parameters of GET /facts, as documented; parsing with exact messages lives in api/facts-query.ts. */
export const FactsQuerySchema = z.object({
  q: z
    .string()
    .max(QUERY_LIMITS.qMaxLength)
    .optional()
    .describe(
      'Words to find in title, text, references (source labels, bibliography) or linked context (related records). Case, accents and elisions are ignored; stop words (fr, nl, de, en) are dropped, except a licence category written in capitals (A, C, D, BE, CE, DE: permis BE); every remaining word must be present, as itself, another form of its stem, a derivation (annulation for annuler) or a synonym. Length is counted in characters. Empty or without significant words: records are listed in id order',
    ),
  region: z
    .enum(REGIONS)
    .optional()
    .describe('Keep records that declare this region; belgique selects national records'),
  kind: z.enum(KINDS).optional().describe('Keep records of this kind'),
  limit: z
    .int()
    .min(QUERY_LIMITS.limit.min)
    .max(QUERY_LIMITS.limit.max)
    .default(QUERY_LIMITS.limit.default)
    .describe('Records per response'),
  offset: z
    .int()
    .min(QUERY_LIMITS.offset.min)
    .max(QUERY_LIMITS.offset.max)
    .default(QUERY_LIMITS.offset.default)
    .describe('Number of results to skip'),
  po_live: PoLiveSchema.optional(),
});
export type FactsQueryParams = z.infer<typeof FactsQuerySchema>;
/** The parameters as a caller writes them (every one optional). */
export type FactsQueryInput = z.input<typeof FactsQuerySchema>;
