/**
 * Netlify edge function (Deno): /api/v1, /api/v1/*, /mcp and /mcp/*, routed here before any static file by netlify.toml.
 * The client address is Netlify's context.ip; the quota is in the isolate's memory (docs/publishing.md).
 */
import { createStaticHostService } from '../../src/adapters/web/static-host.ts';

declare const Netlify: { env: { get(name: string): string | undefined } };

/** The part of Netlify's Context this function uses. */
interface Context {
  ip: string;
  next(): Promise<Response>;
}

const service = createStaticHostService((name) => Netlify.env.get(name));

export default async (request: Request, context: Context): Promise<Response> =>
  (await service(request, context.ip)) ?? context.next();
