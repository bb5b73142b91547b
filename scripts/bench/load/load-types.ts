/** What a load run takes and gives, shared by the drivers (wrk, autocannon) and measure-load.ts, so that imports go one way. */

/** Throughput and latency of one load run. */
export interface LoadFigures {
  rps: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  /** Distinct paths requested. */
  distinct?: number;
}

/** How a run sends its requests. */
export interface LoadOptions {
  /** Request headers, e.g. Accept-Encoding. */
  headers?: Record<string, string>;
  /** Each request takes the next path across all connections (a long list then never repeats); default: each connection cycles. */
  spread?: boolean;
}
