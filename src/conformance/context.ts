/** What every conformance check uses: requests that record their answers, JSON helpers and assertions. */

/** One answer the checker received, kept for the checks that look at every response (CORS, cookies). */
export interface Seen {
  method: string;
  url: string;
  status: number;
  headers: Headers;
}

/** A response with its body already read. */
export interface Answer {
  status: number;
  headers: Headers;
  url: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** A failed expectation: the message says what was expected and what came. */
export class CheckFailure extends Error {}

/** Fails the current check with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Options of the context. */
export interface ContextOptions {
  /** fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** How to wait when an unplanned 429 arrives (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
  /** Where to say that the checker waits (default: nowhere). */
  log?: (line: string) => void;
}

/** State shared by the checks of one run. */
export class Context {
  readonly base: string;
  readonly seen: Seen[] = [];
  /** Times of the requests sent since the rate-limit window last reset (an unplanned 429 waited out). */
  sentSinceReset: number[] = [];
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly log: (line: string) => void;
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(baseUrl: string, options: ContextOptions = {}) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
    this.log = options.log ?? (() => {});
  }

  /** Absolute URL of `path` (starting with /) under the base address. */
  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** One request, redirects not followed, no credentials, Accept: application/json. */
  async raw(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const method = init.method ?? 'GET';
    const response = await this.doFetch(url, {
      method,
      redirect: 'manual',
      credentials: 'omit',
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    this.sentSinceReset.push(Date.now());
    this.seen.push({ method, url, status: response.status, headers: response.headers });
    const text = method === 'HEAD' ? '' : await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, url, text, json };
  }

  /**
   * A request as a polite client sends it: an unplanned 429 (the quota of an earlier run, or of
   * another client on this address) is waited out, up to 3 times, before the answer is judged.
   */
  async request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.raw(url, init);
      const wait = Number(answer.headers.get('retry-after'));
      if (answer.status !== 429 || attempt >= 3 || !Number.isInteger(wait) || wait < 1 || wait > 60) return answer;
      this.log(`(429 before the rate check: waiting ${wait} s as Retry-After says)`);
      await this.wait(wait);
    }
  }

  /** Waits `seconds` (a Retry-After), after which the address's window is taken as fresh. */
  async wait(seconds: number): Promise<void> {
    await this.sleep(seconds * 1000);
    this.sentSinceReset = [];
  }

  /** GET `path` with po_live=1 added, expecting 200 and a JSON body; returns the body. */
  async data<T = Record<string, unknown>>(path: string): Promise<T> {
    const answer = await this.request(this.url(withPoLive(path)));
    expect(
      answer.status === 200,
      `GET ${withPoLive(path)}: expected 200, got ${answer.status} ${excerpt(answer.text)}`,
    );
    expect(answer.json !== undefined, `GET ${withPoLive(path)}: the body is not JSON: ${excerpt(answer.text)}`);
    return answer.json as T;
  }

  /**
   * GET `path` as sent, following one 307 if the route answers one: for /openapi.json, which the spec does
   * not list among the po_live routes. Memoised. Expects 200 and a JSON body.
   */
  followed<T = Record<string, unknown>>(path: string): Promise<T> {
    const key = `followed:${path}`;
    if (!this.memo.has(key)) {
      this.memo.set(
        key,
        (async () => {
          let answer = await this.request(this.url(path));
          if (answer.status === 307 && answer.headers.get('location'))
            answer = await this.request(new URL(answer.headers.get('location')!, this.url(path)).href);
          expect(answer.status === 200, `GET ${path}: expected 200, got ${answer.status} ${excerpt(answer.text)}`);
          expect(
            isJsonType(answer.headers.get('content-type')),
            `GET ${path}: expected Content-Type application/json, got ${JSON.stringify(answer.headers.get('content-type'))}`,
          );
          expect(answer.json !== undefined, `GET ${path}: the body is not JSON: ${excerpt(answer.text)}`);
          return answer.json;
        })(),
      );
    }
    return this.memo.get(key) as Promise<T>;
  }

  /** Memoised `data`, for answers several checks share (first page, sample records). */
  shared<T = Record<string, unknown>>(path: string): Promise<T> {
    if (!this.memo.has(path)) this.memo.set(path, this.data<T>(path));
    return this.memo.get(path) as Promise<T>;
  }
}

/** True when a Content-Type is JSON (application/json, with or without parameters). */
export function isJsonType(value: string | null): boolean {
  return value !== null && /^application\/json\s*(;|$)/i.test(value.trim());
}

/** `path` with po_live=1 appended to its query. */
export function withPoLive(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}po_live=1`;
}

/** The start of a body, for messages. */
export function excerpt(text: string): string {
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
}

/** Whether a response's Access-Control-Expose-Headers lets browser scripts read `name` (lower case), or exposes all. */
export function exposes(headers: Headers, name: string): boolean {
  const list = (headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
  return list.includes(name) || list.includes('*');
}
