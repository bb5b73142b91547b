/** Stand-in for the `cloudflare:workers` module under Node, so Durable Object classes can be unit-tested with a fake state. */
export abstract class DurableObject<Env = unknown> {
  protected ctx: unknown;
  protected env: Env;
  constructor(ctx: unknown, env: Env) {
    this.ctx = ctx;
    this.env = env;
  }
}
