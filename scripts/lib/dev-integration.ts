/**
 * Node-only, `npm run dev`: an Astro integration that serves /api/v1 in the dev server with the same handler as
 * `npm start`, reading the artefacts (records' JSON, search files, catalogue, OpenAPI) from the dev server's own
 * rendering of the build's endpoints, so pages and API always show the same content. It watches content/: a record
 * file runs the records loader again (src/data/records-loader.ts); any other file (synonyms...) reloads the page.
 *
 * A record edit goes through Astro's own path: `refreshContent` runs the records loader again, Astro writes its data
 * store at once (no save debounce), invalidates it, clears its route cache, signals `astro:content-changed` (which
 * bumps the content version, src/data/content-version.ts) and sends the page ONE full reload, after the new records
 * are in place (Astro sometimes sends it twice: coalesce-reloads.ts makes it one). Reloading earlier (as Vite's
 * watcher did on Astro's helper files) let the page render the old records and miss the last reload while it was
 * loading.
 */
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { AstroIntegration, HookParameters } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import { RECORDS_LOADER, type RefreshContext } from '../../src/data/records-loader.ts';
import { isDotPath } from '../../src/lib/records/read-records.ts';
import { createApiHandler, type ApiHandler } from '../../src/lib/api/handler.ts';
import { writeReply } from '../../src/adapters/node/raw-request.ts';
import { bumpContentVersion, contentVersion } from '../../src/data/content-version.ts';
import { coalesceReloads, type HotSender } from './coalesce-reloads.ts';
import { errorOverlay } from './dev-error-overlay.ts';
import type { Settings } from '../../src/lib/config.ts';

/** Marks the handler's own reads, which the dev server's pages and endpoints answer. */
const ARTEFACT_HEADER = 'x-permis-dev-artefact';

/** The integration; `settings` are npm run dev's (SITE_URL, CONTENT_DIR). */
export function devIntegration(settings: Settings): AstroIntegration {
  return {
    name: 'permis-dev',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({
          vite: { plugins: [quietAstroHelperFiles(fileURLToPath(new URL('.astro/content-assets.mjs', config.root)))] },
        });
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        // Astro may send two reloads for one data-store write: the browser gets one (coalesce-reloads.ts).
        coalesceReloads(server.environments.client.hot as unknown as HotSender);
        const origin = () => `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
        // One handler per content version: its caches (records, search files, answers) never outlive an edit.
        let current: { version: number; api: ApiHandler } | undefined;
        const api = () => {
          if (current?.version !== contentVersion()) {
            const read = async (path: string) => {
              const response = await fetch(`${origin()}/${path}`, { headers: { [ARTEFACT_HEADER]: '1' } });
              if (response.status === 404) return null;
              if (!response.ok) throw new Error(`${path}: ${response.status} from the dev server`);
              return response.text();
            };
            current = {
              version: contentVersion(),
              api: createApiHandler({
                read,
                quota: { limit: 1_000_000 },
                siteUrl: settings.SITE_URL,
                replyCache: { entries: 0, bytes: 0 },
              }),
            };
          }
          return current.api;
        };
        server.middlewares.use((req, res, next) => {
          const path = req.url ?? '/';
          if (!/^\/api\/v1(?:[/?]|$)/.test(path) || req.headers[ARTEFACT_HEADER]) return next();
          const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
          api()
            .reply(
              { method: req.method ?? 'GET', url: `${origin()}${path}`, headers },
              { clientAddress: req.socket.remoteAddress ?? 'dev' },
            )
            .then((reply) => writeReply(res, reply), next);
        });
        const records = resolve(settings.CONTENT_DIR);
        const content = dirname(records);
        server.watcher.add(content);
        const onRecord = refreshRecords(refreshContent, logger);
        const paths = { content, records, synonyms: resolve(settings.SYNONYMS_FILE) };
        const onEvent = (event: 'add' | 'change' | 'unlink', path: string) => {
          const action = contentEventAction(event, resolve(path), paths);
          if (action === 'ignore') return;
          onContent();
          if (action === 'records') onRecord();
          else otherContent(server);
        };
        // An invalid record, topics or synonyms file shows in the open page, not only here (dev-error-overlay.ts);
        // while it does, a record file that changed with no watcher event is handled as changed.
        const onContent = errorOverlay(server, settings, {
          stale: (file) => onEvent('change', file),
          fixed: onRecord,
        });
        for (const event of ['add', 'change', 'unlink'] as const)
          server.watcher.on(event, (path: string) => onEvent(event, path));
      },
    },
  };
}

/** The content paths `npm run dev` watches, absolute. */
export interface ContentPaths {
  /** The folder holding the records folder, the synonyms and the topics. */
  content: string;
  records: string;
  synonyms: string;
}

/**
 * What a watcher event on `file` does: `records` runs the records loader again, `content` reloads the page for another
 * content file (synonyms, topics), `ignore` does nothing. Both check the content and update the error overlay.
 * - Dotfiles are ignored: vim rewrites `.x.md.swp` every few seconds.
 * - A file in the records folder that is not a `.md` file is ignored when it appears or changes. sed -i (`sedAbC123`)
 *   and editors' safe writes (`x.md.tmp`) write one and rename it over the record within one save; a reload for it
 *   could read the folder before the rename and report a file that is gone a moment later. The rename's own event
 *   reloads. A file that stays is reported by the next reload, by `npm run check:records` and by the build; its
 *   removal reloads, which clears that report.
 */
export function contentEventAction(
  event: 'add' | 'change' | 'unlink',
  file: string,
  paths: ContentPaths,
): 'records' | 'content' | 'ignore' {
  if (file === paths.synonyms) return 'content';
  if (!file.startsWith(paths.content + sep) || isDotPath(paths.content, file)) return 'ignore';
  if (!file.startsWith(paths.records + sep)) return 'content';
  return file.endsWith('.md') || event === 'unlink' ? 'records' : 'ignore';
}

/**
 * Runs the records loader again after an edit: one refresh for a burst of events (editors write in several steps,
 * sed -i renames a new file over the old), and one more if files changed after the loader began reading them. An
 * event that came while Astro was still reloading its content config (writeFile's truncate and write often arrive
 * 50-100 ms apart, typically on the first edit) is seen by the run that follows: a second run for it re-read 408
 * records while the page rendered, and made the first edit after start-up 0.3-0.6 s slower than the others.
 * Astro reloads its content config whenever a .md or .yaml file changes, and `refreshContent` silently does nothing
 * while it does: the loader acknowledges each run (RefreshContext), and a refresh it did not see is tried again.
 */
export function refreshRecords(
  refreshContent: HookParameters<'astro:server:setup'>['refreshContent'],
  logger: HookParameters<'astro:server:setup'>['logger'],
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  // When the last event came, and when the loader last began to read the folder (it stats every file after that).
  let lastEvent = 0;
  let lastRead = 0;
  const refreshOnce = async () => {
    for (let tries = 0; tries < REFRESH_TRIES; tries++) {
      let ran = false;
      const context: RefreshContext = {
        trigger: 'permis-dev',
        ran: () => void ((ran = true), (lastRead = performance.now())),
      };
      await refreshContent?.({ loaders: [RECORDS_LOADER], context });
      if (ran) return;
      await new Promise((done) => setTimeout(done, REFRESH_RETRY_MS));
    }
    logger.error(
      `records not reloaded: Astro's content config did not settle within ${(REFRESH_TRIES * REFRESH_RETRY_MS) / 1000} s`,
    );
  };
  const run = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      await refreshOnce();
    } catch (error) {
      logger.error(`records not reloaded: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
      // Events that came before the loader began reading were seen by it: run again only for a later one.
      const missed = again && lastEvent >= lastRead;
      again = false;
      if (missed) void run();
    }
  };
  return () => {
    lastEvent = performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, 20);
  };
}
/** How often, and how long apart, a refresh that Astro skipped (content config reloading) is tried again: 20 s at most. */
const REFRESH_TRIES = 400;
const REFRESH_RETRY_MS = 50;

/** Content files other than records (the synonyms, for one) may be read by any module: drop them all, reload. */
function otherContent(server: ViteDevServer): void {
  bumpContentVersion();
  for (const environment of Object.values(server.environments)) {
    environment.moduleGraph.invalidateAll();
    // Environments that run modules in this process (Astro's SSR) keep evaluated modules apart from the graph.
    (environment as { runner?: { evaluatedModules?: { clear(): void } } }).runner?.evaluatedModules?.clear();
  }
  server.environments.client.hot.send({ type: 'full-reload', path: '*' });
}

/**
 * Astro rewrites .astro/content-assets.mjs when its store changes (alternately "new Map()" and "new Map([])" for a
 * site without images) and invalidates that module itself; Vite's watcher also sees the write and Astro's
 * astro:hmr-reload plugin then reloads the page BEFORE the new data store is written. The page rendered the old
 * records, was still loading when the real reload came, and missed it: the edit never showed. Measured: the stray
 * reload came 0.5 s before the data store's.
 */
function quietAstroHelperFiles(file: string): Plugin {
  return {
    name: 'permis-dev:quiet-astro-helper-files',
    apply: 'serve',
    hotUpdate(context) {
      return resolve(context.file) === file ? [] : undefined;
    },
  };
}
