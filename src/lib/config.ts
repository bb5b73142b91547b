/** Runtime and build settings read from the environment, validated with clear messages. */
import { z } from 'zod';
import { FRESHNESS_ITEMS } from './records/freshness.ts';

const port = z.coerce.number().int().min(0).max(65535);

/** Every setting, its default, and what it is for (the configuration table of docs/operating.md says the same). */
export const SettingsSchema = z
  .object({
    PORT: port.default(4321).describe('Port the server listens on'),
    HOST: z.string().min(1).default('localhost').describe('Interface the server listens on (0.0.0.0 for all)'),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, e.g. https://permis.example.be' })
      .superRefine((value, context) => {
        // Only an http(s) address: any other is refused above.
        const extra = URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) ? beyondOrigin(value) : [];
        if (extra.length > 0)
          context.addIssue({
            code: 'custom',
            message: `must be the site's origin alone (scheme, host, optional port; the site is served at its root), e.g. https://permis.example.be: it has ${extra.join(', ')}`,
          });
      })
      // The origin: scheme and host in lower case, no default port, no trailing slash.
      .transform((url) => new URL(url).origin)
      .optional()
      .describe(
        "Public address of the site, an origin without a path, used in every record's url; default http://HOST:PORT, on a Netlify or Vercel build the host's production address",
      ),
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000_000)
      .default(120)
      .describe('Requests a minute per client address on /api/v1'),
    RATE_LIMIT_IPV6_PREFIX: z.coerce
      .number()
      .int()
      .min(1)
      .max(128)
      .default(64)
      .describe(
        'IPv6 clients share one quota per prefix of this many bits (64: one /64 network is one client; 128: each address)',
      ),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/ })
      .optional()
      .describe(
        'redis:// address of a Redis shared by every server process for the per-client quota (API and MCP); unset, each process counts in its own memory',
      ),
    TRUST_PROXY: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(0)
      .describe('Proxies in front of the server whose X-Forwarded-For hops are trusted; 0 uses the socket address'),
    CONTENT_DIR: z.string().min(1).default('content/records').describe('Directory of record files'),
    DIST_DIR: z.string().min(1).default('dist').describe('Build output directory'),
    SYNONYMS_FILE: z
      .string()
      .min(1)
      .default('content/synonyms.yaml')
      .describe("The publisher's synonyms, read at build time (docs/search.md)"),
    SEARCH_REPORT_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe(
        'Bearer token of GET /api/v1/_zero-results, the queries that found nothing (npm run search:report); unset, the route does not exist',
      ),
    TOPICS_FILE: z
      .string()
      .min(1)
      .optional()
      .describe(
        'YAML file of the topics (entry by task) the home page offers; default topics.yaml beside CONTENT_DIR, and none when that file is absent',
      ),
    ERROR_REPORT_URL: z
      .string()
      .refine(isReportAddress, {
        message: 'must be a mailto: address (mailto:corrections@example.be) or an https:// form URL',
      })
      .optional()
      .describe(
        'Where readers report an error in a record: a mailto: address or an https form URL; unset, record pages show no report link',
      ),
    FRESHNESS_MONTHS: z.coerce
      .number()
      .int()
      .min(1)
      .max(120)
      .default(12)
      .describe('npm run check:records: a verification older than this many months is reported as old'),
    FRESHNESS_FAIL_ON: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['none', 'all', ...FRESHNESS_ITEMS])).min(1))
      .default(['none'])
      .describe(
        'npm run check:records: freshness items that fail the check, comma-separated (never-verified, verified-long-ago, effective-soon, no-official-source, dates-contradict), all, or none',
      ),
    SHUTDOWN_DEADLINE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(600)
      .default(10)
      .describe('On SIGTERM/SIGINT, how long requests in flight may finish before every connection is closed'),
    WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .optional()
      .describe(
        'Server processes npm start runs on one port (node:cluster); default the number of cores; 1 runs one process',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('Least level written to the log (pino levels; info includes one access line per request)'),
    LOG_FORMAT: z
      .enum(['json', 'pretty'])
      .default('json')
      .describe(
        'json: one JSON object a line (for collectors); pretty: coloured readable lines for a terminal (pino-pretty)',
      ),
    LOG_QUERIES: z
      .enum(['0', '1'])
      .default('0')
      .describe('1 writes the text of searches (q) in access lines; 0 leaves it out'),
    METRICS_PORT: port
      .optional()
      .describe(
        'Port of the Prometheus endpoint GET /metrics, on HOST, separate from the site; unset, no metrics endpoint (needs METRICS_TOKEN)',
      ),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe('Bearer token every /metrics request must carry (Authorization: Bearer …); required with METRICS_PORT'),
  })
  .superRefine((settings, context) => {
    if (settings.METRICS_PORT !== undefined && settings.METRICS_TOKEN === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'needs METRICS_TOKEN too: metrics are never served without a token',
      });
    }
  });
/**
 * What an absolute URL has beyond its origin and one trailing slash: a path, a query, a fragment, a user name or
 * password. Pages, records' urls and the sitemap are at the root of SITE_URL; a path would go to part of the build only.
 */
function beyondOrigin(value: string): string[] {
  const url = new URL(value);
  const extra: string[] = [];
  if (url.pathname !== '/') extra.push(`a path (${JSON.stringify(url.pathname)})`);
  // Searched in the text: an empty query or fragment ("https://x.be/?") leaves url.search and url.hash empty.
  const query = /\?[^#]*/.exec(value);
  if (query) extra.push(`a query (${JSON.stringify(query[0])})`);
  const fragment = /#.*/.exec(value);
  if (fragment) extra.push(`a fragment (${JSON.stringify(fragment[0])})`);
  if (url.username || url.password) extra.push('a user name or password');
  return extra;
}

/** A mailto: URL with one address, or an absolute https URL with a host. */
function isReportAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === 'mailto:') return /^[^@\s,]+@[^@\s,]+\.[^@\s,]+$/.test(decodeURIComponent(url.pathname));
  return url.protocol === 'https:' && url.hostname !== '';
}

/**
 * Settings once defaults are applied: SITE_URL is always set. `siteUrlNote`, on a host's build with SITE_URL unset,
 * says which address of the host's stands in for it (the commands print it).
 */
export type Settings = Omit<z.infer<typeof SettingsSchema>, 'SITE_URL'> & { SITE_URL: string; siteUrlNote?: string };

/**
 * Hosts whose build says so in the environment (`marker` = `value`), and the variable in which they give the site's
 * production address: on their build, an unset SITE_URL is that address, or an error; never http://HOST:PORT, which
 * would bake a localhost address into a public site.
 */
export const BUILD_HOSTS = [
  { name: 'Netlify', marker: 'NETLIFY', value: 'true', address: 'URL', where: "the site's environment variables" },
  {
    name: 'Vercel',
    marker: 'VERCEL',
    value: '1',
    address: 'VERCEL_PROJECT_PRODUCTION_URL',
    where: "the project's environment variables",
  },
] as const;

/** On a host's build (BUILD_HOSTS) with SITE_URL unset: the host's address as SITE_URL with a note, or the problem. */
function hostSiteUrl(
  env: Record<string, string | undefined>,
): { value: string; note: string } | { problem: string } | undefined {
  const host = BUILD_HOSTS.find((candidate) => env[candidate.marker] === candidate.value);
  if (!host) return undefined;
  const given = env[host.address];
  const build = `a ${host.name} build (${host.marker}=${host.value})`;
  if (!given)
    return {
      problem: `  - SITE_URL (unset): ${build} needs the public address of the site and ${host.name} gives none (${host.address} is unset): set SITE_URL in ${host.where}, e.g. https://permis.example.be`,
    };
  // Vercel gives a host name without its scheme.
  const parsed = SettingsSchema.shape.SITE_URL.safeParse(
    /^[a-z][a-z0-9+.-]*:\/\//i.test(given) ? given : `https://${given}`,
  );
  if (!parsed.success || parsed.data === undefined)
    return {
      problem: `  - ${host.address}=${JSON.stringify(given)}: ${parsed.error?.issues[0]?.message ?? 'not an address'} (${host.name}'s production address, which stands in for SITE_URL on ${build} when SITE_URL is unset; set SITE_URL in ${host.where})`,
    };
  return {
    value: parsed.data,
    note: `SITE_URL is unset on ${build}: building for ${parsed.data}, ${host.name}'s production address (${host.address}); set SITE_URL for another address`,
  };
}

/**
 * The default SITE_URL: where the server can be reached, http://HOST:PORT. A wildcard interface
 * (0.0.0.0, ::) is not an address a browser can use, so it becomes localhost; IPv6 gets brackets.
 */
export function defaultSiteUrl(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === '::' || host === '[::]'
      ? 'localhost'
      : host.includes(':') && !host.startsWith('[')
        ? `[${host}]`
        : host;
  return `http://${name}:${port}`;
}

/**
 * Reads settings from `env`; throws one Error naming each bad variable and its value. SITE_URL unset defaults to
 * http://HOST:PORT, except on a host's build (BUILD_HOSTS): the host's production address there, or an error.
 */
export function readSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in SettingsSchema.shape && value !== undefined && value !== ''),
  );
  const result = SettingsSchema.safeParse(present);
  const hosted = present.SITE_URL === undefined ? hostSiteUrl(env) : undefined;
  const lines = (result.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0]) as keyof typeof SettingsSchema.shape;
    const description = SettingsSchema.shape[name].description ?? '';
    return `  - ${name}=${JSON.stringify(env[name])}: ${issue.message} (${description})`;
  });
  if (hosted && 'problem' in hosted) lines.push(hosted.problem);
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  if (hosted && 'value' in hosted) return { ...result.data, SITE_URL: hosted.value, siteUrlNote: hosted.note };
  return { ...result.data, SITE_URL: result.data.SITE_URL ?? defaultSiteUrl(result.data.HOST, result.data.PORT) };
}
