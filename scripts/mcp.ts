/**
 * `npm run mcp`: the MCP server over stdio, for desktop assistants. Reads the build in DIST_DIR (building it first
 * when needed, like npm start); stdout carries only the protocol, every message goes to stderr.
 * Every request counts against the quota (REDIS_URL shares it with the HTTP servers) for the client key "stdio".
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiHandler } from '../src/lib/api/handler.ts';
import { readSettings, type Settings } from '../src/lib/config.ts';
import { CountedTransport } from '../src/lib/mcp/counted-transport.ts';
import { createMcpServer } from '../src/lib/mcp/mcp-server.ts';
import { createQuotaStore } from '../src/adapters/quota-store.ts';
import { readDist, verifyDist } from '../src/adapters/read-dist.ts';
import { buildSite, staleReason } from './lib/build-site.ts';

/** The client key of a stdio session: it has no address. */
export const STDIO_CLIENT = 'stdio';

let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const reason = await staleReason(settings);
if (reason) {
  console.error(`Building the site first (${reason})...`);
  // The build prints nothing on stdout in quiet mode; stdout belongs to the protocol.
  await buildSite(settings, { quiet: true }).catch((error: Error & { output?: string }) => {
    console.error(error.output ?? error.message);
    if (reason === 'no build yet') process.exit(1);
  });
}
try {
  await verifyDist(settings.DIST_DIR);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const quota = await createQuotaStore(settings);
const api = createApiHandler({ read: readDist(settings.DIST_DIR), rateLimit: quota.limiter, siteUrl: settings.SITE_URL });
const server = createMcpServer({ reply: api.reply, siteUrl: settings.SITE_URL });
const transport = new CountedTransport(new StdioServerTransport(), quota.limiter, STDIO_CLIENT);
// The client closing stdin ends the session; the Redis connection must not keep the process alive.
const stop = () => void quota.close().then(() => process.exit(0));
transport.onclose = stop;
process.stdin.on('end', stop);
await server.connect(transport);
console.error(`permis-facts MCP server on stdio, over ${settings.DIST_DIR}/ (records at ${settings.SITE_URL})`);
