/** The list response and the error body of the API. */
import { z } from 'zod';
import { FactSchema } from './fact.ts';
import { ERROR_CODES } from '../api/http-error.ts';

/** GET /facts response: one page of records and the total count. */
export const ListResponseSchema = z
  .object({
    results: z.array(FactSchema).describe('The records of this page, best match first (id order without q)'),
    total: z.int().min(0).describe('Number of records matching the query and filters'),
    limit: z.int().min(1).max(50).describe('The limit applied'),
    offset: z.int().min(0).max(10_000).describe('The offset applied'),
  })
  .meta({ id: 'FactList' });
export type ListResponse = z.infer<typeof ListResponseSchema>;

/** The error body of every 4xx and 503 response. */
export const ErrorBodySchema = z
  .object({
    error: z
      .object({
        code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]).describe(
          Object.entries(ERROR_CODES).map(([code, meaning]) => `${code}: ${meaning}`).join('; '),
        ),
        message: z.string().describe('What was wrong, naming the parameter and the bad value'),
      })
      .optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
