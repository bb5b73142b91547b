/**
 * The few Cloudflare Workers runtime types the worker uses, declared here rather than pulling
 * @cloudflare/workers-types, whose global declarations clash with Node's and the DOM's.
 */
declare module 'cloudflare:workers' {
  /** Base class of Durable Objects that expose RPC methods. */
  export abstract class DurableObject<Env = unknown> {
    protected ctx: import('./types.ts').DurableObjectState;
    protected env: Env;
    constructor(ctx: import('./types.ts').DurableObjectState, env: Env);
  }
}
