/** Astro content loader for record files: validation and link resolution are src/lib's; this only stores. */
import { dirname, resolve, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { readRecords, type ReadCache } from '../lib/records/read-records.ts';
import { RecordError } from '../lib/records/friendly-errors.ts';
import { dropUnsafeLinks, escapeRawHtml, restoreLessThan } from '../lib/records/safe-markdown.ts';
import { nestHeadings } from '../lib/records/heading-levels.ts';
import { bumpContentVersion } from './content-version.ts';

/** Options of recordsLoader. */
export interface RecordsLoaderOptions {
  dir: string;
  siteUrl: string;
}

/** Loads every record of `dir`; an invalid file stops the build with the file, line and field named. */
export function recordsLoader({ dir, siteUrl }: RecordsLoaderOptions): Loader {
  // Rendered HTML by markdown text: a reload under `npm run dev` renders only the texts that changed.
  const rendered = new Map<string, Awaited<ReturnType<LoaderContext['renderMarkdown']>>>();
  const files: ReadCache = new Map();
  async function sync({ store, renderMarkdown, logger }: LoaderContext): Promise<number> {
    const facts = await readRecords(dir, siteUrl, files);
    const used = new Set<string>();
    const entries = [];
    for (const fact of facts) {
      let html = rendered.get(fact.text);
      if (!html) {
        const out = await renderMarkdown(escapeRawHtml(fact.text));
        html = { ...out, html: restoreLessThan(nestHeadings(dropUnsafeLinks(out.html))) };
        rendered.set(fact.text, html);
      }
      used.add(fact.text);
      entries.push({ id: fact.id, data: fact, body: fact.text, rendered: html });
    }
    for (const text of rendered.keys()) if (!used.has(text)) rendered.delete(text);
    store.clear();
    for (const entry of entries) store.set(entry);
    logger.info(`${facts.length} records loaded from ${dir}`);
    return facts.length;
  }
  return {
    name: 'permis-records',
    async load(context) {
      await sync(context);
      const { watcher, logger } = context;
      if (!watcher) return;
      // npm run dev: any change under content/ (records, synonyms, other content files) reloads the records, and the
      // version bump drops every cache built on them. An invalid edit keeps the last good records and prints why.
      const root = resolve(dirname(resolve(dir)));
      watcher.add(root);
      let timer: NodeJS.Timeout | undefined;
      let running = Promise.resolve();
      const reload = () => {
        running = running.then(async () => {
          try {
            const started = performance.now();
            bumpContentVersion();
            await sync(context);
            logger.info(`content reloaded in ${Math.round(performance.now() - started)} ms`);
          } catch (error) {
            if (!(error instanceof RecordError)) throw error;
            logger.error(`${error.message}\n(the site keeps the last valid records until this is fixed)`);
          }
        });
      };
      const onChange = (path: string) => {
        if (!resolve(path).startsWith(root + sep)) return;
        clearTimeout(timer);
        // Editors write a file in several steps; one reload for a burst of events.
        timer = setTimeout(reload, 30);
      };
      for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, onChange);
    },
  };
}
