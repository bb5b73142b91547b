/** GET with the spec's client rules: JSON, no credentials, follow the 307 then send po_live=1, bounded retries on 429/503. */
import { ApiError, errorFromResponse } from './errors.ts';

/** Options of the transport; every one has a default in CLIENT_DEFAULTS. */
export interface TransportOptions {
  /** The API base address, ending in /api/v1. */
  baseUrl: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: typeof fetch;
  /** Retries after a 429 or 503, at most (default 3, as the spec allows). */
  maxRetries?: number;
  /** Give up instead of waiting when the server asks for more than this (default 60 s, the spec's bound). */
  maxWaitSeconds?: number;
  /** Wait when a 429/503 carries no readable Retry-After: this, doubled at each retry (default 1 s). */
  fallbackWaitSeconds?: number;
  /** How to wait (tests pass a fake clock); default setTimeout, aborted by `signal`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Send po_live=1 from the first request instead of following the first 307 (default false). */
  poLive?: boolean;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: { attempt: number; waitSeconds: number; error: ApiError }) => void;
}

/** Defaults of the client options: the spec's section 7 figures. */
export const CLIENT_DEFAULTS = { maxRetries: 3, maxWaitSeconds: 60, fallbackWaitSeconds: 1 } as const;

/** Waits `ms`, or rejects when `signal` aborts. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Query values; undefined ones are left out. */
export type QueryValues = Record<string, string | number | undefined>;

/** A GET function for paths under the base address, returning parsed JSON; `bytes` GETs any path of the same origin as bytes. */
export type Get = (<T>(path: string, query?: QueryValues, signal?: AbortSignal) => Promise<T>) & {
  bytes(path: string, signal?: AbortSignal): Promise<Uint8Array>;
};

/** Builds the GET function. It remembers, once a 307 was followed, to send po_live=1 directly. */
export function createTransport(options: TransportOptions): Get {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxRetries = options.maxRetries ?? CLIENT_DEFAULTS.maxRetries;
  const maxWait = options.maxWaitSeconds ?? CLIENT_DEFAULTS.maxWaitSeconds;
  const fallback = options.fallbackWaitSeconds ?? CLIENT_DEFAULTS.fallbackWaitSeconds;
  const sleep = options.sleep ?? realSleep;
  const host = new URL(base).hostname;
  let sendPoLive = options.poLive ?? false;

  async function once(url: URL, query: QueryValues, signal?: AbortSignal): Promise<Response> {
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    if (sendPoLive) url.searchParams.set('po_live', '1');
    let response: Response;
    try {
      // Accept is a CORS-safelisted header: browsers send this GET without a preflight (the API answers OPTIONS with 405).
      response = await doFetch(url.href, {
        method: 'GET',
        headers: { accept: 'application/json' },
        credentials: 'omit',
        redirect: 'follow',
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      // undici says "fetch failed" and puts the reason (refused, redirect count exceeded...) in `cause`.
      const cause = (error as Error & { cause?: Error }).cause?.message;
      throw new ApiError(
        0,
        'network_error',
        `no answer from ${url.href}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        url.href,
      );
    }
    if (response.redirected) {
      if (new URL(response.url).hostname !== host) {
        throw new ApiError(
          response.status,
          'unexpected_response',
          `redirected to another domain: ${response.url}`,
          url.href,
        );
      }
      sendPoLive = true;
    }
    return response;
  }

  /** The first 2xx response for `url`, with the spec's bounded retries on 429 and 503. */
  async function ok(url: () => URL, query: QueryValues, signal?: AbortSignal): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await once(url(), query, signal);
      if (response.ok) return response;
      const error = await errorFromResponse(response);
      if (response.status !== 429 && response.status !== 503) throw error;
      const waitSeconds = error.retryAfterSeconds ?? fallback * 2 ** attempt;
      // The spec: a client gives up when the requested wait exceeds one minute, and may cap retries at three.
      if (attempt >= maxRetries || waitSeconds > maxWait) throw error;
      options.onRetry?.({ attempt: attempt + 1, waitSeconds, error });
      await sleep(waitSeconds * 1000, signal);
    }
  }

  async function get<T>(path: string, query: QueryValues = {}, signal?: AbortSignal): Promise<T> {
    const response = await ok(() => new URL(`${base}${path}`), query, signal);
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(
        response.status,
        'unexpected_response',
        `the answer of ${response.url} is not JSON: ${JSON.stringify(text.slice(0, 120))}`,
        response.url,
      );
    }
  }
  // A path from the origin of the base address (a download's route), never another host.
  const bytes = async (path: string, signal?: AbortSignal) =>
    new Uint8Array(await (await ok(() => new URL(path, base), {}, signal)).arrayBuffer());
  return Object.assign(get, { bytes });
}
