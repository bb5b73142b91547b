/**
 * Node-only: the server's Prometheus series (prom-client, its global registry, so that the cluster primary's
 * AggregatorRegistry sums every worker's), fed by the access path and the core's telemetry hooks.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { scrapeCounter, type ScrapeCounter } from './scrape-counter.ts';
import { scrapeHistogram, type ScrapeHistogram } from './scrape-histogram.ts';

/** Latency buckets in seconds: a record by id answers in well under a millisecond, a cold search in tens. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Every series the server writes. */
export interface ServerMetrics {
  /** Counted once per request: see scrape-counter.ts. */
  requests: ScrapeCounter<'route' | 'status'>;
  /** Observed once per request: see scrape-histogram.ts. */
  latency: ScrapeHistogram<'route'>;
  rateLimited: Counter<'route'>;
  quotaFallbacks: Counter<'store'>;
  /** Counted once or twice per request: see scrape-counter.ts. */
  cacheLookups: ScrapeCounter<'cache' | 'outcome'>;
  searchTime: Histogram<string>;
  records: Gauge<string>;
  buildInfo: Gauge<'build_id' | 'site_url'>;
  mcpCalls: Counter<'tool'>;
}

let made: ServerMetrics | undefined;

/** The series, registered once per process (a second call returns the same ones). */
export function serverMetrics(): ServerMetrics {
  if (made) return made;
  // A worker answers the primary's requests for its series only once an AggregatorRegistry exists in it: prom-client
  // adds that listener in the constructor (prometheus/client_js#747). Without it the primary's /metrics timed out.
  if (cluster.isWorker) new AggregatorRegistry();
  collectDefaultMetrics();
  made = {
    requests: scrapeCounter({
      name: 'permis_http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['route', 'status'],
    }),
    latency: scrapeHistogram({
      name: 'permis_http_request_duration_seconds',
      help: 'Time from request to the end of the answer, by route',
      labelName: 'route',
      buckets: BUCKETS,
    }),
    rateLimited: new Counter({
      name: 'permis_rate_limited_total',
      help: 'Requests refused with 429 (quota used up), by route',
      labelNames: ['route'],
    }),
    quotaFallbacks: new Counter({
      name: 'permis_quota_fallback_total',
      help: "Quota decisions made in this process's memory because the shared store (Redis or the cluster primary) did not answer",
      labelNames: ['store'],
    }),
    cacheLookups: scrapeCounter({
      name: 'permis_cache_lookups_total',
      help: 'Lookups in each cache (reply: /facts answers, record: record files, static: site files), by outcome hit or miss',
      labelNames: ['cache', 'outcome'],
    }),
    searchTime: new Histogram({
      name: 'permis_search_duration_seconds',
      help: 'Time the search engine took for a /facts query that was not answered from the reply cache',
      buckets: BUCKETS,
    }),
    // Every worker serves the same build: the primary reports one of them, not their sum.
    records: new Gauge({ name: 'permis_records_loaded', help: 'Records in the build being served', aggregator: 'max' }),
    buildInfo: new Gauge({
      name: 'permis_build_info',
      help: 'The build being served (value 1), by build id and SITE_URL',
      labelNames: ['build_id', 'site_url'],
      aggregator: 'max',
    }),
    mcpCalls: new Counter({
      name: 'permis_mcp_tool_calls_total',
      help: 'MCP tool calls, by tool',
      labelNames: ['tool'],
    }),
  };
  return made;
}

/** Records which build is served now (the previous build's series is removed). */
export function setBuild(metrics: ServerMetrics, records: number, buildId: string, siteUrl: string): void {
  metrics.records.set(records);
  metrics.buildInfo.reset();
  metrics.buildInfo.set({ build_id: buildId, site_url: siteUrl }, 1);
}

/** The text of this process's registry (one process, WORKERS=1). */
export const processMetricsText = () => register.metrics();
/** Content type of the Prometheus text format. */
export const METRICS_CONTENT_TYPE = register.contentType;
