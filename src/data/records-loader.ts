/** Astro content loader for record files: validation and link resolution are src/lib's; this only stores. */
import type { Loader, LoaderContext } from 'astro/loaders';
import { readRecords, type ReadCache } from '../lib/records/read-records.ts';
import { RecordError } from '../lib/records/friendly-errors.ts';
import { dropUnsafeLinks, escapeRawHtml, restoreLessThan } from '../lib/records/safe-markdown.ts';
import { nestHeadings } from '../lib/records/heading-levels.ts';

/** Options of recordsLoader. */
export interface RecordsLoaderOptions {
  dir: string;
  siteUrl: string;
}

/** The loader's name: `npm run dev` (scripts/lib/dev-integration.ts) asks Astro to run it again after an edit. */
export const RECORDS_LOADER = 'permis-records';

/** Rendered HTML by markdown text, and files as last read: a reload under `npm run dev` redoes only what changed. */
interface Caches {
  rendered: Map<string, Awaited<ReturnType<LoaderContext['renderMarkdown']>>>;
  files: ReadCache;
}
const CACHES = Symbol.for('permis-facts.records-loader-caches');

/**
 * The caches of one records folder, kept on globalThis: Astro evaluates the content config again after every .md or
 * .yaml change, and a loader made afresh would read and render all 408 records again (about 1 s under load).
 */
function cachesOf(key: string): Caches {
  const holder = globalThis as { [CACHES]?: Map<string, Caches> };
  const all = (holder[CACHES] ??= new Map());
  let caches = all.get(key);
  if (!caches) all.set(key, (caches = { rendered: new Map(), files: new Map() }));
  return caches;
}

/**
 * The file cache the loader of `dir` and `siteUrl` starts from: `npm run dev` checks the content before starting Astro
 * (scripts/dev.ts) and hands the files it read to the loader's first load, which then parses none of them again.
 */
export function recordsLoaderReadCache(dir: string, siteUrl: string): ReadCache {
  return cachesOf(`${siteUrl}\n${dir}`).files;
}

/** What `npm run dev` passes to `refreshContent`: `ran` tells it that this loader did run. */
export interface RefreshContext extends Record<string, unknown> {
  trigger: 'permis-dev';
  ran(): void;
}

/**
 * Loads every record of `dir`; an invalid file stops the build with the file, line and field named. Under `npm run
 * dev`, the dev integration watches the files and runs this loader again through Astro's `refreshContent`: the store
 * is updated in place (only changed records are set, removed ones deleted), so Astro writes its data store once,
 * invalidates it and reloads the open page once, and an invalid edit keeps the last valid records on screen.
 */
export function recordsLoader({ dir, siteUrl }: RecordsLoaderOptions): Loader {
  const { rendered, files } = cachesOf(`${siteUrl}\n${dir}`);
  async function sync({ store, renderMarkdown, generateDigest, logger, watcher }: LoaderContext): Promise<void> {
    const started = performance.now();
    // Astro gives loaders a watcher under `npm run dev` only: there, sed -i's temp file may vanish while it is read.
    const facts = await readRecords(dir, siteUrl, files, { skipVanished: watcher !== undefined });
    const used = new Set<string>();
    let changed = 0;
    for (const fact of facts) {
      let html = rendered.get(fact.text);
      if (!html) {
        const out = await renderMarkdown(escapeRawHtml(fact.text));
        html = { ...out, html: restoreLessThan(nestHeadings(dropUnsafeLinks(out.html))) };
        rendered.set(fact.text, html);
      }
      used.add(fact.text);
      // The digest makes `set` a no-op for an unchanged record: nothing to write, nothing to reload.
      if (store.set({ id: fact.id, data: fact, body: fact.text, rendered: html, digest: generateDigest(fact) }))
        changed++;
    }
    for (const text of rendered.keys()) if (!used.has(text)) rendered.delete(text);
    const ids = new Set(facts.map((f) => f.id));
    const removed = store.keys().filter((id) => !ids.has(id));
    for (const id of removed) store.delete(id);
    const took = Math.round(performance.now() - started);
    logger.info(
      `${facts.length} records loaded from ${dir} (${changed} changed, ${removed.length} removed) in ${took} ms`,
    );
  }
  return {
    name: RECORDS_LOADER,
    async load(context) {
      // The first load (build, or dev start-up) stops on an invalid record (scripts/dev.ts checks the content first and
      // prints every problem); a refresh after an edit reports it, and the last valid records stay.
      if (!context.refreshContextData) return sync(context);
      (context.refreshContextData as Partial<RefreshContext>).ran?.();
      try {
        await sync(context);
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        context.logger.error(`${error.message}\n(the site keeps the last valid records until this is fixed)`);
      }
    },
  };
}
