/** Node-only: the server behind `npm start`: /api/v1/* goes to the handler, everything else to dist/. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ApiHandler } from '../../lib/api/handler.ts';
import type { Settings } from '../../lib/config.ts';
import { createMemoryQuota, type Quota } from '../../lib/quota.ts';
import type { CacheTrace } from '../../lib/telemetry.ts';
import { createBuildWatch, readBuildId, readBuildSiteUrl } from '../builds/build-watch.ts';
import { healthReply, type Readiness } from './health.ts';
import { isMcpTarget, nodeMcp } from './mcp-http.ts';
import { nodeCompress } from './compress.ts';
import {
  clientErrorListener,
  connectListener,
  isApiTarget,
  type PlainRequest,
  type RefusedAnswer,
} from './client-errors.ts';
import { writeReply, type PlainReply } from './raw-request.ts';
import { buildSnapshot, readDist, snapshotChange, verifyDist } from '../builds/read-dist.ts';
import { currentBuild, useBuild } from '../builds/build-store.ts';
import { createService, isMcpNearMiss, mcpRouteNotFound } from '../service.ts';
import { realpathSync } from 'node:fs';
import { pageMethodNotAllowed, staticFiles, type STATIC_DEFAULTS, type StaticFiles } from './static/static-files.ts';

/**
 * Server limits: a client gets 10 s to send its headers and 30 s for its whole request, idle keep-alive
 * connections close after 5 s, and these timeouts are enforced every second (Node's default checks every 30 s).
 * `requireHostHeader: false`: a request without Host is answered like any other (Host only builds redirect URLs).
 */
export const SERVER_OPTIONS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  requireHostHeader: false,
};

/** Options of createSiteServer. */
export interface SiteServerOptions {
  /** The quota store: one instance for the life of the server, kept across reloads. Default: in memory, RATE_LIMIT_PER_MINUTE. */
  quota?: Quota;
  /** Least time between two checks for a new build in DIST_DIR. Default 1000 ms. */
  reloadIntervalMs?: number;
  /** Bounds of the static file cache. */
  staticCache?: Partial<typeof STATIC_DEFAULTS>;
  /** Where reloads are reported. Default console.log. */
  log?: (line: string) => void;
  /** Where a refused build and integrity failures are reported. Default console.error. */
  logError?: (line: string) => void;
  /** Wraps each request (access log, metrics: request-observer.ts). Default: nothing recorded. */
  observe?: ((
    req: IncomingMessage,
    res: ServerResponse,
    handle: (trace: CacheTrace) => Promise<void>,
  ) => Promise<void>) & {
    /** Records a request Node's parser refused, once answered (it never reaches `observe`). */
    refused?: (answer: RefusedAnswer) => void;
  };
  /** Why the quota store cannot be trusted now (Redis not answering), or null; /readyz answers 503 with it. Default: always fine. */
  quotaProblem?: () => string | null;
  /** Called with the record count and build id once a build is loaded (at warm-up and after each reload). */
  onBuild?: (records: number, buildId: string) => void;
  /** The real folder of the build to serve first. Default: the one DIST_DIR shows when the server is created. */
  build?: string;
}

/** The server, the handler of the build it serves now, and a way to look for a new build at once. */
export interface SiteServer {
  server: Server;
  readonly handler: ApiHandler;
  readonly files: StaticFiles;
  checkForNewBuild(): Promise<boolean>;
  /** The real folder of the build served now. */
  readonly build: string;
  /** Loads the index and answers a first search; /readyz answers 200 only once this has succeeded. */
  warm(): Promise<{ ok: true; records: number } | { ok: false; body: unknown }>;
}

/** The real folder DIST_DIR shows now (DIST_DIR itself when it cannot be resolved: the first read reports it). */
function realBuild(distDir: string): string {
  try {
    return realpathSync(distDir);
  } catch {
    return distDir;
  }
}

/**
 * The request's URL from its target and Host; the scheme comes from X-Forwarded-Proto only behind a trusted proxy.
 * An absolute-form target (`GET http://host/path`, which servers must accept) counts by its path and query.
 */
function requestUrl(request: PlainRequest, trustProxy: number): URL {
  const proto = trustProxy > 0 && request.header('x-forwarded-proto') === 'https' ? 'https' : 'http';
  const absolute = /^https?:\/\//i.test(request.target) ? URL.parse(request.target) : null;
  const target = absolute ? absolute.pathname + absolute.search : request.target;
  // The path is parsed against a fixed host first: an empty or odd Host must never change which path is served.
  const url = new URL(`${proto}://localhost${target.startsWith('/') ? target : `/${target}`}`);
  const host = request.header('host');
  if (host) url.host = host; // ignored by URL when it is not a valid host
  return url;
}

/** A Node request as a PlainRequest: repeated headers joined with ", ", as a Request would give them. */
function plainRequest(req: IncomingMessage): PlainRequest {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { method: req.method ?? 'GET', target: req.url ?? '/', header, clientAddress: req.socket.remoteAddress };
}

/**
 * The Node server's record cache: every record of a corpus up to 50,000 stays in memory once read (and checked
 * against the integrity manifest once), so a list answer reads no file; the edge keeps the handler's smaller default.
 */
export const NODE_RECORD_CACHE = { entries: 50_000, bytes: 192 * 2 ** 20 } as const;

/**
 * The Node server's bounds of the decoded search files: room for every term file of a 50,000-record index (see
 * NODE_TERM_INDICES), and for every document block (12,500 blocks, about 36 MiB counted): a list answer takes its ids
 * from them, and the library default (8 MiB) holds about a third of them at 50,000, so distinct searches read block files.
 */
export const NODE_SEARCH_FILES = {
  terms: { entries: 8_000, bytes: 96 * 2 ** 20 },
  docs: { entries: 16_000, bytes: 48 * 2 ** 20 },
} as const;

/**
 * The Node server's bound of the term indices (term-index.ts), with room for every term of a 50,000-record index
 * (the synthetic one: 206 terms, 5 million postings, about 110 MiB counted), and the decoded term files above for
 * their postings (about 61 MiB): once each term is built, no query pays for building one again, so no client can
 * make every query cold by cycling common words through a smaller cache (measured: 55-110 ms a query at 50,000).
 */
export const NODE_TERM_INDICES = { entries: 8_000, bytes: 128 * 2 ** 20 } as const;

/**
 * The site server. It reads only the build it loaded, by its real folder (DIST_DIR is a link that other commands
 * switch): a newer build DIST_DIR comes to show is served once it is verified, made for this server's own address
 * and fully loaded, and the switch is one assignment (see docs/operating.md#builds).
 */
export function createSiteServer(settings: Settings, options: SiteServerOptions = {}): SiteServer {
  const quota = options.quota ?? createMemoryQuota({ limit: settings.RATE_LIMIT_PER_MINUTE });
  const log = options.log ?? console.log;
  const logError = options.logError ?? console.error;
  const load = (dir: string) => {
    const damage: string[] = [];
    return {
      dir,
      damage,
      snapshot: buildSnapshot(dir),
      ...serviceOf(dir, damage),
      files: staticFiles(dir, options.staticCache),
    };
  };
  // The one service wiring (service.ts): the handler and the lazily loaded /mcp of this build, on the one quota.
  const serviceOf = (dir: string, damage: string[]) => {
    const service = createService({
      read: readDist(dir, { log: logError, onDamage: (path, why) => damage.push(`${path}: ${why}`) }),
      quota,
      siteUrl: settings.SITE_URL,
      cache: { recordCache: NODE_RECORD_CACHE, search: { files: NODE_SEARCH_FILES, termIndices: NODE_TERM_INDICES } },
      handler: {
        trustProxy: settings.TRUST_PROXY,
        ipv6Prefix: settings.RATE_LIMIT_IPV6_PREFIX,
        compress: nodeCompress,
        reportToken: settings.SEARCH_REPORT_TOKEN,
      },
    });
    return { api: service.api, mcp: service.mcp };
  };
  let current = load(options.build ?? realBuild(settings.DIST_DIR));
  let releaseUse: Promise<() => Promise<void>> = useBuild(current.dir).catch(() => async () => {});
  const readiness: Readiness = {
    loaded: false,
    quotaProblem: options.quotaProblem ?? (() => null),
    // One build answers every route, or /readyz says why not: a file of it damaged or changed since it was loaded.
    async buildProblem() {
      const { dir, damage, snapshot } = current;
      if (damage.length > 0) return `the build in ${dir} is damaged (${damage[0]}); rebuild`;
      return snapshotChange(dir, await snapshot, await buildSnapshot(dir));
    },
  };
  /** One search through `api`, uncounted: loads the index, and gives the record count. */
  const firstSearch = (api: ApiHandler) =>
    api.reply(
      { method: 'GET', url: 'http://localhost/api/v1/facts?po_live=1&limit=1', headers: { get: () => null } },
      { uncounted: true },
    );
  /**
   * Every term of the index decoded and built before the build is served (NODE_TERM_INDICES holds them all up to
   * 50,000 records): no query pays for a term's first use. A failure is logged and leaves the terms to load on first use.
   */
  const preload = (api: ApiHandler, dir: string) =>
    api
      .preload()
      .catch((error: unknown) =>
        logError(
          `[server] cannot preload the search index of ${dir}: ${(error as Error).message}; its terms load on first use`,
        ),
      );
  const reportBuild = async (body: string | Uint8Array, dir: string, id?: string) => {
    const total = Number(
      (JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as { total?: number }).total ?? 0,
    );
    options.onBuild?.(total, id ?? (await readBuildId(dir)) ?? 'without manifest');
    return total;
  };
  /** Builds of other addresses DIST_DIR showed, reported once each. */
  const ignored = new Set<string>();
  const watch = createBuildWatch(
    settings.DIST_DIR,
    options.reloadIntervalMs ?? 1000,
    async () => {
      const started = performance.now();
      const dir = await currentBuild(settings.DIST_DIR);
      if (!dir) return;
      // A build made for another address would give every record url and every 307 the wrong host: it is not this server's.
      const madeFor = await readBuildSiteUrl(dir);
      if (madeFor !== undefined && madeFor !== settings.SITE_URL) {
        if (!ignored.has(dir))
          log(
            `[server] ${settings.DIST_DIR} now shows ${dir}, made for SITE_URL ${madeFor}; this server serves ${settings.SITE_URL} and keeps its own build ${current.dir}`,
          );
        ignored.add(dir);
        return;
      }
      try {
        await verifyDist(dir);
      } catch (error) {
        logError(`[server] new build in ${dir} refused: ${(error as Error).message}; still serving ${current.dir}`);
        return;
      }
      const next = load(dir);
      // Load the new index before switching, so that searches never wait for it; a build that cannot answer is refused.
      const warm = await firstSearch(next.api);
      if (warm.status !== 200) {
        logError(`[server] new build in ${dir} refused: its API answers ${warm.status}; still serving ${current.dir}`);
        return;
      }
      await preload(next.api, dir);
      const previous = { dir: current.dir, use: releaseUse };
      releaseUse = useBuild(dir).catch(() => async () => {});
      await releaseUse;
      // The switch: every request from here on reads the new build, every request before it the old one.
      current = next;
      // The old build may be removed once no process uses it (the same folder reloaded keeps its one record).
      if (previous.dir !== dir) void previous.use.then((release) => release());
      const id = (await readBuildId(dir)) ?? 'without manifest';
      await reportBuild(warm.body, dir, id).catch(() => undefined);
      log(
        `[server] new build in ${settings.DIST_DIR} (${id}) served after ${Math.round(performance.now() - started)} ms`,
      );
    },
    (error) => logError(`[server] cannot check for a new build: ${(error as Error).message}`),
  );

  // /mcp: the MCP endpoint of the build served now, on the same quota.
  const mcp = async (req: IncomingMessage, res: ServerResponse) => nodeMcp(await current.mcp())(req, res);

  async function answer(request: PlainRequest, trace?: CacheTrace): Promise<PlainReply> {
    watch.poll();
    const { api, files } = current;
    const url = requestUrl(request, settings.TRUST_PROXY);
    if (isApiTarget(url.pathname)) {
      // /api/v1: the plain-reply path, no Request or Response objects on the hot path.
      const headers = { get: (name: string) => request.header(name.toLowerCase()) ?? null };
      return api.reply(
        { method: request.method, url: url.href, parsedUrl: url, headers },
        { clientAddress: request.clientAddress, trace },
      );
    }
    // /mcp/, /MCP: a JSON 404 naming /mcp, for an MCP client to read (the pages' 405 is French text).
    if (isMcpNearMiss(url.pathname)) return mcpRouteNotFound(url.pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') return pageMethodNotAllowed(request.method);
    return files({ method: request.method, pathname: url.pathname, header: request.header, trace });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, trace?: CacheTrace): Promise<void> {
    try {
      // Health and readiness: outside /api/v1, never counted in the quota, no file read.
      const health = healthReply(req.method, req.url, readiness);
      if (health) return writeReply(res, await health);
      // A route that writes to `res` itself (a streaming one, such as /mcp) goes here, before the plain-reply path.
      if (isMcpTarget(req.url)) {
        watch.poll();
        return await mcp(req, res);
      }
      const reply = await answer(plainRequest(req), trace);
      // Once the server is closing, each answer also closes its connection, so shutdown does not wait for keep-alive.
      if (!server.listening) res.setHeader('connection', 'close');
      writeReply(res, reply);
    } catch (error) {
      logError(`[server] unexpected error: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent)
        writeReply(res, {
          status: 503,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
          body: 'Erreur interne, réessayez plus tard.',
        });
      else res.destroy();
    }
  }
  const observe = options.observe;
  const server = createServer(
    SERVER_OPTIONS,
    observe ? (req, res) => observe(req, res, (trace) => handle(req, res, trace)) : (req, res) => handle(req, res),
  );
  // An unknown expectation is ignored (RFC 9110 allows it) rather than answered 417, a status outside the contract.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  server.on('clientError', clientErrorListener(answer, observe?.refused));
  server.on('connect', connectListener);
  return {
    server,
    get handler() {
      return current.api;
    },
    get files() {
      return current.files;
    },
    checkForNewBuild: () => watch.check(),
    get build() {
      return current.dir;
    },
    async warm() {
      const reply = await firstSearch(current.api);
      const text = typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body);
      if (reply.status !== 200) return { ok: false, body: JSON.parse(text) as unknown };
      const records = await reportBuild(text, current.dir);
      await preload(current.api, current.dir);
      readiness.loaded = true;
      return { ok: true, records };
    },
  };
}
