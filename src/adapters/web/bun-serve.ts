/**
 * `bun` entry (npm run serve:bun): the site and the API from DIST_DIR, /mcp included, in one Bun process on HOST:PORT.
 * The quota is counted in this process's memory, as `npm start` does without REDIS_URL.
 */
import { createRuntimeServer } from './runtime-server.ts';

// Bun's globals, declared here so that the project's type check (Node types) reads this file too.
interface BunServer {
  hostname: string;
  port: number;
  requestIP(request: Request): { address: string } | null;
}
declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    fetch(request: Request, server: BunServer): Promise<Response>;
  }): BunServer;
};

const server = createRuntimeServer(process.env);
const { HOST, PORT } = server.settings;
const listening = Bun.serve({
  hostname: HOST,
  port: PORT,
  fetch: (request, bun) => server.fetch(request, bun.requestIP(request)?.address),
});
console.log(`permis-facts (bun): listening on http://${listening.hostname}:${listening.port}/`);
