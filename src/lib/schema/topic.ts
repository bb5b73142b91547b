/** A topic: an entry by task (passing the licence, a licence from abroad...) that gathers records and searches. */
import { z } from 'zod';
import { IdSchema, KindSchema, RegionSchema } from './vocabulary.ts';

/** A search a topic suggests: a link to /recherche/ with these words and filters. */
export const TopicSearchSchema = z
  .object({
    label: z.string().trim().min(1).max(80).describe('Text of the link, in French'),
    q: z.string().trim().min(1).max(300).describe('Words searched, as a reader would type them'),
    kind: KindSchema.optional().describe('Kind filter of the search'),
    region: RegionSchema.optional().describe('Region filter of the search'),
  })
  .strict();

/**
 * How many records or searches a topic gives: the list's length; 1 for a value that is not a list, which the schema
 * reports by itself (the refinement below also runs on topics that fail, whose fields may hold anything).
 */
const given = (list: unknown): number => (Array.isArray(list) ? list.length : 1);

/** One topic as the publisher writes it in the topics file. */
export const TopicSchema = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens, e.g. "permis-etranger"')
      .max(60)
      .describe('Last part of the topic page address, /themes/<slug>/'),
    title: z.string().trim().min(1).max(80).describe("Title of the topic, phrased as the reader's task"),
    summary: z.string().trim().min(1).max(240).describe('One or two sentences shown under the title'),
    records: z.array(IdSchema).max(40).default([]).describe('Ids of the records the topic gathers, in reading order'),
    searches: z.array(TopicSearchSchema).max(10).default([]).describe('Searches the topic suggests'),
  })
  .strict()
  .refine((topic) => given(topic.records) + given(topic.searches) > 0, {
    message: 'a topic needs at least one record or one search',
    path: ['records'],
    // Checked even when other fields of the topic fail, so that every problem of a topic is reported in one pass.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

/** The topics file: the topics in the order the home page offers them. */
export const TopicsFileSchema = z
  .object({ topics: z.array(TopicSchema).min(1).max(30).describe('Topics, in the order the home page shows them') })
  .strict();

/** A topic, once validated. */
export type Topic = z.infer<typeof TopicSchema>;
/** A suggested search of a topic. */
export type TopicSearch = z.infer<typeof TopicSearchSchema>;
