/** The list response and the error body of the API. */
import { z } from 'zod';
import { FactSchema } from './fact.ts';
import { ERROR_CODES } from './error-codes.ts';

/** GET /facts response: one page of records and the total count. */
export const ListResponseSchema = z
  .object({
    results: z.array(FactSchema).describe('The records of this page, best match first (id order without q)'),
    total: z.int().min(0).describe('Number of records matching the query and filters'),
    limit: z.int().min(1).max(50).describe('The limit applied'),
    offset: z.int().min(0).max(10_000).describe('The offset applied'),
    suggestions: z
      .array(
        z.object({
          q: z
            .string()
            .describe(
              'The query with its unknown words replaced by close words of the index (edit distance 1 for words of up to 4 letters, else 2; case and accents ignored), or, when no correction finds anything, the query without the fewest of its words that finds something',
            ),
          total: z.int().min(1).describe('Records this query finds with the same kind and region filters'),
          missing: z
            .array(z.string())
            .min(1)
            .optional()
            .describe(
              'The words of q left out of this query, as typed ("Missing: …"); present only for a shortened query',
            ),
        }),
      )
      .min(1)
      .max(3)
      .optional()
      .describe(
        '"Did you mean": present only when q finds nothing; q with its last word completed first, when q ends with a word cut while typing (its most common completions: « permis de condu » suggests « permis de conduire »), then corrections of unknown words (fewest edits, then the most common word), else q without the fewest words (the most common left out first). Every word of q stays required: a suggestion is a different query, never applied by itself (the site shows the first one\'s results, saying so).',
      ),
  })
  .meta({ id: 'FactList' });
export type ListResponse = z.infer<typeof ListResponseSchema>;

/** The error body of every 4xx and 503 response. */
export const ErrorBodySchema = z
  .object({
    error: z
      .object({
        code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]).describe(
          Object.entries(ERROR_CODES)
            .map(([code, meaning]) => `${code}: ${meaning}`)
            .join('; '),
        ),
        message: z.string().describe('What was wrong, naming the parameter and the bad value'),
      })
      .optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
