/**
 * `deno serve` entry (npm run serve:deno): the site and the API from DIST_DIR, /mcp included, in one Deno process.
 * The quota is counted in this process's memory, as `npm start` does without REDIS_URL.
 */
import { createRuntimeServer } from './runtime-server.ts';

// Deno's globals, declared here so that the project's type check (Node types) reads this file too.
declare const Deno: { env: { toObject(): Record<string, string> } };
interface ServeInfo {
  remoteAddr: { hostname: string };
}

const server = createRuntimeServer(Deno.env.toObject());

/** What `deno serve` calls for each request: the whole site, with the client address Deno gives. */
export default {
  fetch: (request: Request, info: ServeInfo) => server.fetch(request, info.remoteAddr.hostname),
};
