/** Astro content loader for record files: validation and link resolution are src/lib's; this only stores. */
import type { Loader } from 'astro/loaders';
import { readRecords } from '../lib/records/read-records.ts';
import { dropUnsafeLinks, escapeRawHtml, restoreLessThan } from '../lib/records/safe-markdown.ts';
import { nestHeadings } from '../lib/records/heading-levels.ts';

/** Options of recordsLoader. */
export interface RecordsLoaderOptions {
  dir: string;
  siteUrl: string;
}

/** Loads every record of `dir`; an invalid file stops the build with the file and field named. */
export function recordsLoader({ dir, siteUrl }: RecordsLoaderOptions): Loader {
  return {
    name: 'permis-records',
    async load({ store, renderMarkdown, logger }) {
      const facts = await readRecords(dir, siteUrl);
      store.clear();
      for (const fact of facts) {
        const rendered = await renderMarkdown(escapeRawHtml(fact.text));
        store.set({ id: fact.id, data: fact, body: fact.text, rendered: { ...rendered, html: restoreLessThan(nestHeadings(dropUnsafeLinks(rendered.html))) } });
      }
      logger.info(`${facts.length} records loaded from ${dir}`);
    },
  };
}
