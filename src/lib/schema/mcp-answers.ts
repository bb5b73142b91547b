/**
 * What the MCP tools answer (their outputSchema), made from the API's own schemas: a search result is a Fact cut to
 * the fields an assistant needs to choose and cite, get_fact's record is the Fact of GET /facts/{id}.
 */
import { z } from 'zod';
import { FactSchema } from './fact.ts';
import { ListResponseSchema } from './responses.ts';
import { HttpUrlSchema } from './source.ts';
import { KindSchema, RegionSchema } from './vocabulary.ts';

/** Longest excerpt of a search result, in characters: ten results stay under 8 KB with their text block. */
export const EXCERPT_MAX = 120;

/** How to cite and what the reuse terms are (the catalogue's `reuse` block). */
export const ReuseSchema = z
  .object({
    terms: z.array(z.string()).optional().describe('The reuse terms (given with a full record; see page)'),
    attribution: z.string().describe('The attribution the terms ask for when a record is used'),
    page: HttpUrlSchema.describe('Page of the reuse terms'),
  })
  .describe('Reuse terms: cite every record you use by its url');
export type Reuse = z.infer<typeof ReuseSchema>;

/** One search result, compact: a Fact's id, kind, title, regions and url, and the start of its text. */
export const FactSummarySchema = FactSchema.pick({
  id: true,
  kind: true,
  title: true,
  regions: true,
  url: true,
}).extend({
  excerpt: z
    .string()
    .max(EXCERPT_MAX)
    .describe(
      `Start of the record's text as plain text, at most ${EXCERPT_MAX} characters (get_fact gives the whole record)`,
    ),
});
export type FactSummary = z.infer<typeof FactSummarySchema>;

/** search_facts: one page of GET /facts, each record as a summary, and how to cite. */
export const SearchAnswerSchema = ListResponseSchema.omit({ results: true }).extend({
  results: z
    .array(FactSummarySchema)
    .describe('The records of this page, best match first (id order without q), as summaries'),
  reuse: ReuseSchema,
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** A full record with the citation it asks for. */
export const CitedFactSchema = FactSchema.extend({
  cite_as: z.string().describe('How to cite the record: its title, the publisher and its url'),
});

/** get_fact (and resources/read): the record of GET /facts/{id}, its citation and the reuse terms. */
export const FactAnswerSchema = z.object({ record: CitedFactSchema, reuse: ReuseSchema });
export type FactAnswer = z.infer<typeof FactAnswerSchema>;

/** list_facets: the corpus size and the number of records of each kind and region. */
export const FacetsAnswerSchema = z.object({
  records: z.int().min(0).describe('Number of records'),
  kinds: z.partialRecord(KindSchema, z.int().min(0)).describe('Records of each kind (values of the kind argument)'),
  regions: z
    .partialRecord(RegionSchema, z.int().min(0))
    .describe('Records declaring each region (values of the region argument)'),
  updated_at: z.string().nullable().describe('Date of the latest record change, or null'),
  reuse: ReuseSchema,
});
export type FacetsAnswer = z.infer<typeof FacetsAnswerSchema>;
