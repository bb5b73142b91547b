/**
 * Hooks through which the framework-free core reports what a host may measure: cache outcomes, search time, MCP tool
 * calls. They do nothing unless a host sets them (the Node server does, for its access log and metrics).
 */

/** The caches whose outcomes are reported: /facts answers, record files, static files. */
export type CacheName = 'reply' | 'record' | 'static';

/** What the core reports; each call must be cheap, it runs on the hot path. */
export interface Telemetry {
  /** A lookup in cache `name` found its entry (hit) or not. */
  cache(name: CacheName, hit: boolean): void;
  /** A search ran in the engine for `ms` milliseconds (cached answers do not search). */
  search(ms: number): void;
  /** An MCP tool was called by name (unknown names included, as `unknown`). */
  tool(name: string): void;
}

/**
 * What one request's cache lookups came to, for its access line: `none` consulted, all `hit`, or at least one `miss`.
 * Passed down explicitly with the request (not through async context tracking, which costs every promise).
 */
export interface CacheTrace {
  cache: 'none' | 'hit' | 'miss';
}

/** Reports one lookup: to the host's hooks (metrics), and into the request's trace when it has one. */
export function noteCache(name: CacheName, hit: boolean, trace: CacheTrace | undefined): void {
  telemetry.cache(name, hit);
  if (trace && trace.cache !== 'miss') trace.cache = hit ? 'hit' : 'miss';
}

const NONE: Telemetry = { cache() {}, search() {}, tool() {} };

/** The hooks in force: one per process, as there is one server per process. */
export const telemetry: Telemetry = { ...NONE };

/** Replaces the hooks (omitted ones do nothing again). */
export function setTelemetry(hooks: Partial<Telemetry>): void {
  Object.assign(telemetry, NONE, hooks);
}
