/**
 * Node-only, `npm run dev`: an Astro integration that serves /api/v1 in the dev server with the same handler as
 * `npm start`, reading the artefacts (records' JSON, search files, catalogue, OpenAPI) from the dev server's own
 * rendering of the build's endpoints, so pages and API always show the same content. Records are watched by their
 * loader (src/data/records-loader.ts); this also watches the rest of content/ (synonyms...) and reloads the page.
 */
import { dirname, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AstroIntegration } from 'astro';
import { createApiHandler, type ApiHandler } from '../../src/lib/api/handler.ts';
import { writeReply } from '../../src/adapters/raw-request.ts';
import { bumpContentVersion, contentVersion } from '../../src/data/content-version.ts';
import type { Settings } from '../../src/lib/config.ts';

/** Marks the handler's own reads, which the dev server's pages and endpoints answer. */
const ARTEFACT_HEADER = 'x-permis-dev-artefact';

/** The integration; `settings` are npm run dev's (SITE_URL, CONTENT_DIR). */
export function devIntegration(settings: Settings): AstroIntegration {
  return {
    name: 'permis-dev',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const origin = () => `http://127.0.0.1:${(server.httpServer?.address() as AddressInfo).port}`;
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
            current = { version: contentVersion(), api: createApiHandler({ read, rateLimit: { limit: 1_000_000 }, siteUrl: settings.SITE_URL, replyCache: { entries: 0, bytes: 0 } }) };
          }
          return current.api;
        };
        server.middlewares.use((req, res, next) => {
          const path = req.url ?? '/';
          if (!/^\/api\/v1(?:[/?]|$)/.test(path) || req.headers[ARTEFACT_HEADER]) return next();
          const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
          api()
            .reply({ method: req.method ?? 'GET', url: `${origin()}${path}`, headers }, { clientAddress: req.socket.remoteAddress ?? 'dev' })
            .then((reply) => writeReply(res, reply), next);
        });
        // Content files other than records (the synonyms, for one) may be read by any module: drop them all, reload.
        const records = resolve(settings.CONTENT_DIR);
        const content = dirname(records);
        server.watcher.add(content);
        const other = (path: string) => {
          const file = resolve(path);
          if (!file.startsWith(content + sep) || file.startsWith(records + sep)) return;
          bumpContentVersion();
          for (const environment of Object.values(server.environments)) {
            environment.moduleGraph.invalidateAll();
            // Environments that run modules in this process (Astro's SSR) keep evaluated modules apart from the graph.
            (environment as { runner?: { evaluatedModules?: { clear(): void } } }).runner?.evaluatedModules?.clear();
          }
          server.environments.client.hot.send({ type: 'full-reload', path: '*' });
        };
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, other);
      },
    },
  };
}
