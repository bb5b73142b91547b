/** The parts of the Cloudflare Workers runtime API that the worker and its Durable Object use (structural types). */

/** A Durable Object's storage: the synchronous key-value API of SQLite-backed objects, plus alarms. */
export interface DurableObjectState {
  storage: {
    kv: { get<T>(key: string): T | undefined; put<T>(key: string, value: T): void };
    setAlarm(scheduledTime: number): Promise<void>;
    deleteAll(): Promise<void>;
  };
}

/** A namespace binding: one object per name, reached through a stub whose methods are RPC calls. */
export interface DurableObjectNamespace<Stub> {
  idFromName(name: string): unknown;
  get(id: unknown): Stub;
}

/** The static assets binding (`assets.binding` in wrangler.jsonc). */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}
