/**
 * Vercel edge middleware (Build Output API, made by `npm run layout:vercel`): config.json sends /api/v1, /api/v1/*
 * and /mcp here before the file system. The client address is Vercel's X-Real-IP (set by Vercel, never the client's);
 * the quota is in the isolate's memory (docs/publishing.md).
 */
import { createStaticHostService } from './static-host.ts';

const service = createStaticHostService((name) => process.env[name]);

/** Answers the request, or lets Vercel go on to the file system (x-middleware-next). */
export default async function middleware(request: Request): Promise<Response> {
  const answer = await service(request, request.headers.get('x-real-ip') ?? undefined);
  return answer ?? new Response(null, { headers: { 'x-middleware-next': '1' } });
}
