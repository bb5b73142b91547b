/**
 * `npm run mcp`: the MCP server over stdio, for desktop assistants. Reads the build made for SITE_URL (making it first
 * when there is none, like npm start); stdout carries only the protocol, every message goes to stderr.
 * Every request counts against the quota (REDIS_URL shares it with the HTTP servers) for the client key "stdio".
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiHandler } from '../src/lib/api/handler.ts';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkedLines } from '../src/adapters/node/stdio-lines.ts';
import { CountedTransport } from '../src/lib/mcp/counted-transport.ts';
import { createMcpServer } from '../src/lib/mcp/mcp-server.ts';
import { createQuotaStore } from '../src/adapters/quota/quota-store.ts';
import { readDist } from '../src/adapters/builds/read-dist.ts';
import { ensureBuild, verifiedOrExit } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm run --silent mcp

The MCP server over stdio, for desktop assistants: JSON-RPC on stdin and stdout (messages go to stderr).
Builds first if needed, like npm start. Tools: search_facts, get_fact, list_facets (docs/mcp.md).
Every request counts against the quota (shared with the HTTP servers through REDIS_URL).

${settingsHelp()}`);

/** The client key of a stdio session: it has no address. */
export const STDIO_CLIENT = 'stdio';

const settings = settingsOrExit(process.env);
// stdout belongs to the protocol: every message goes to stderr.
const build = await ensureBuild(settings, { log: console.error, onFailure: 'keep-last-good' });
await verifiedOrExit(build);

const quotaStore = await createQuotaStore(settings);
const api = createApiHandler({ read: readDist(build), quota: quotaStore.quota, siteUrl: settings.SITE_URL });
const server = createMcpServer({ reply: api.reply, siteUrl: settings.SITE_URL, rateLimit: quotaStore.quota.limit });
// A line the SDK would drop or answer badly (not UTF-8, not JSON, a batch, not a JSON-RPC message, bad params) is
// answered here with the JSON-RPC error /mcp gives, and never reaches the server.
const stdin = checkedLines(process.stdin, (refusal) => void transport.send(refusal as JSONRPCMessage));
const transport = new CountedTransport(new StdioServerTransport(stdin), quotaStore.quota, STDIO_CLIENT);
// The client closing stdin ends the session once the requests it sent are answered (at most DRAIN_MS later);
// the Redis connection must not keep the process alive.
const DRAIN_MS = 10_000;
const stop = () => void quotaStore.close().then(() => process.exit(0));
transport.onclose = stop;
// The end of the checked lines, not of process.stdin: the last line has then reached the server.
stdin.on(
  'end',
  () => void Promise.race([transport.drained(), new Promise((wait) => setTimeout(wait, DRAIN_MS).unref())]).then(stop),
);
await server.connect(transport);
console.error(`permis-facts MCP server on stdio, over ${build}/ (records at ${settings.SITE_URL})`);
