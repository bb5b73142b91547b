/** A reference a record cites, typed by who publishes it. */
import { z } from 'zod';
import { SOURCE_TYPES } from './vocabulary.ts';

/** An absolute http(s) URL. */
export const HttpUrlSchema = z.url({
  protocol: /^https?$/,
  error: (iss) => `must be an absolute http(s) URL, got ${JSON.stringify(iss.input)}`,
});

/** One item of a record's `sources`. */
export const SourceSchema = z
  .strictObject({
    url: HttpUrlSchema.describe('Address of the source'),
    label: z.string().trim().min(1).max(300).describe('Human-readable name of the source'),
    type: z
      .enum(SOURCE_TYPES)
      .describe(
        'official: a public body; operator: an exam centre or similar operator; brand: a commercial actor; source: anything else',
      ),
  })
  .describe('A source the record relies on');
export type Source = z.infer<typeof SourceSchema>;
