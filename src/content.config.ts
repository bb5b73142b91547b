// One collection: the records of CONTENT_DIR, validated and resolved by src/lib before Astro sees them.
import { defineCollection } from 'astro:content';
import { readSettings } from './lib/config.ts';
import { recordsLoader } from './data/records-loader.ts';
import { FactSchema } from './lib/schema/fact.ts';

const settings = readSettings(process.env);

export const collections = {
  records: defineCollection({
    loader: recordsLoader({ dir: settings.CONTENT_DIR, siteUrl: settings.SITE_URL }),
    schema: FactSchema,
  }),
};
