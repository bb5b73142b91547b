/**
 * One checkout, several commands (issue 36): a running `npm start` keeps answering every route 200 from its own build,
 * with its own address in every link and Location, while another command builds for another address and `npm run mcp`
 * and `npm run edge` start; a second `npm start` for that other address runs beside it on the build already made; and
 * `serve:deno` and `serve:bun` on a port with no build make one for their own address and redirect to themselves.
 * Every process runs over a DIST_DIR of its own in a temp folder, seeded with a copy of the test build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILDS_FOLDER, pointDistAt } from '../../src/adapters/builds/build-store.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OWN = testSettings.SITE_URL;
const OTHER = 'http://127.0.0.1:4999';
let root = '';
let dist = '';
let ids: string[] = [];
const started: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'side-by-side-'));
  dist = join(root, 'dist');
  // The test build under its own name: a command with the test build's settings finds it (the name is the digest of its inputs).
  const build = await realpath(testSettings.DIST_DIR);
  await cp(build, join(root, BUILDS_FOLDER, basename(build)), { recursive: true });
  await pointDistAt(dist, join(root, BUILDS_FOLDER, basename(build)));
  ids = (await readdir(join(dist, 'api/v1/facts'))).filter((name) => !name.includes('.')).slice(0, 2);
}, 120_000);
afterAll(async () => {
  for (const process of started.splice(0)) await process.stop();
  await rm(root, { recursive: true, force: true });
});

/** Runs `node <script>` to its end; resolves with its exit code and output. */
function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

/** Starts a long-running command and waits for the line that gives its address; `stop` sends SIGTERM and waits for its exit. */
async function startCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ url: string; output: () => string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const url = await new Promise<string>((done, fail) => {
    for (const stream of [child.stdout!, child.stderr!])
      stream.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = ready.exec(output);
        if (match) done(match[1]!);
      });
    child.on('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
  const handle = {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  started.push(handle);
  return handle;
}

/** A free port of 127.0.0.1 (for the runtimes, whose address is derived from their port). */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Asks `base` for every kind of route, again and again until `stop()`; returns the problems seen: a status other
 * than expected, a link or Location on another address than `own`.
 */
function hammer(base: string, own: string): { stop(): Promise<{ rounds: number; problems: string[] }> } {
  const routes: [string, number][] = [
    ['/', 200],
    ['/recherche/', 200],
    ['/api/v1/?po_live=1', 200],
    ['/api/v1/openapi.json?po_live=1', 200],
    ['/readyz', 200],
    ...['camion', 'handicap', 'tracteur', 'remorque', 'examen%20pratique', 'permis'].map((q): [string, number] => [
      `/api/v1/facts?po_live=1&q=${q}`,
      200,
    ]),
    ['/api/v1/facts?po_live=1&limit=50', 200],
    ['/api/v1/facts?q=permis', 307],
    ...ids.flatMap((id): [string, number][] => [
      [`/api/v1/facts/${id}?po_live=1`, 200],
      [`/fiches/${id}/`, 200],
    ]),
  ];
  const problems: string[] = [];
  let rounds = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const [path, status] of routes) {
        const response = await fetch(`${base}${path}`, {
          redirect: 'manual',
          headers: { 'x-forwarded-for': 'hammer' },
        });
        const body = await response.text();
        if (response.status !== status) problems.push(`${path}: ${response.status} ${body.slice(0, 200)}`);
        const location = response.headers.get('location');
        if (location && !location.startsWith(`${own}/`)) problems.push(`${path}: Location ${location}`);
        if (body.includes(OTHER)) problems.push(`${path}: a link to ${OTHER}`);
      }
      rounds += 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { rounds, problems };
    },
  };
}

describe('commands of one checkout, each on the build for its own address', () => {
  it('npm start answers every route 200 on its own address while a build for another address, npm run mcp and npm run edge run; a second npm start serves the other address beside it', async () => {
    const env = { ...testBuildEnv, DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '1000000' };
    const first: StartedServer = await startServerProcess(env);
    started.push(first);
    expect(first.output()).toContain(`Build for ${OWN}: ${join(root, BUILDS_FOLDER)}`);
    expect(first.output()).not.toContain('Building the site');
    const load = hammer(first.base, OWN);

    const build = await run('scripts/build.ts', { ...env, SITE_URL: OTHER });
    expect(build.code, build.output).toBe(0);
    expect(JSON.parse(await readFile(join(dist, '.build-stamp.json'), 'utf8')).SITE_URL).toBe(OTHER);

    // npm run mcp finds the build for its address (the test build's): no build, nothing replaced.
    let mcpErr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['scripts/mcp.ts'],
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (mcpErr += chunk));
    const client = new Client({ name: 'test', version: '1.0.0' });
    // The SDK gives up on a request after 60 s by default: a fixed wait that a loaded machine (this file runs two
    // servers, a build and a hammer) overran once in CI. The test's own bound governs instead.
    const wait = { timeout: 900_000 };
    await client.connect(transport, wait);
    const answer = (await client.callTool(
      {
        name: 'search_facts',
        arguments: { q: 'camion', limit: 3 },
      },
      undefined,
      wait,
    )) as unknown as { structuredContent: { results: { url: string }[] } };
    await client.close();
    expect(answer.structuredContent.results.length).toBeGreaterThan(0);
    for (const result of answer.structuredContent.results) expect(result.url.startsWith(`${OWN}/`)).toBe(true);
    expect(mcpErr).not.toContain('Building the site');

    const edge = await startCommand(
      process.execPath,
      ['scripts/edge.ts'],
      { ...env, HOST: '127.0.0.1', PORT: '0' },
      /ready in \d+ ms on (http:\/\/127\.0\.0\.1:\d+)\//,
    );
    expect(edge.output()).not.toContain('Building the site');
    const edgeSearch = (await (await fetch(`${edge.url}/api/v1/facts?po_live=1&q=camion`)).json()) as {
      results: { url: string }[];
    };
    for (const fact of edgeSearch.results) expect(fact.url.startsWith(`${OWN}/`)).toBe(true);
    await edge.stop();

    // A second npm start for the other address: the build just made is found, and each server keeps its own address.
    const second = await startServerProcess({ ...env, SITE_URL: OTHER });
    started.push(second);
    expect(second.output()).not.toContain('Building the site');
    const facts = async (base: string) =>
      (
        (await (await fetch(`${base}/api/v1/facts?po_live=1&q=permis`)).json()) as { results: { url: string }[] }
      ).results.map((fact) => fact.url);
    for (const url of await facts(second.base)) expect(url.startsWith(`${OTHER}/`)).toBe(true);
    for (const url of await facts(first.base)) expect(url.startsWith(`${OWN}/`)).toBe(true);

    const { rounds, problems } = await load.stop();
    expect(problems).toEqual([]);
    expect(rounds).toBeGreaterThan(0);
  }, 900_000);

  it('serve:deno and serve:bun on a port with no build make the build for their own address, redirect to themselves and answer /healthz and /readyz (405 but for GET and HEAD)', async () => {
    const port = await freePort();
    const own = `http://127.0.0.1:${port}`;
    const env = { ...testBuildEnv, SITE_URL: '', DIST_DIR: dist, HOST: '127.0.0.1', PORT: String(port) };
    for (const runtime of ['deno', 'bun'] as const) {
      const server = await startCommand(
        process.execPath,
        ['scripts/serve-runtime.ts', runtime],
        env,
        /(?:Listening|listening) on (http:\/\/127\.0\.0\.1:\d+)\//,
      );
      expect(server.output().split('\n')[0]).toMatch(
        new RegExp(`^(Building the site first for ${own} |Build for ${own}: )`),
      );
      const response = await fetch(`${own}/api/v1/facts?q=permis`, { redirect: 'manual' });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(`${own}/api/v1/facts?q=permis&po_live=1`);
      const facts = (await (await fetch(`${own}/api/v1/facts?po_live=1&q=permis`)).json()) as {
        results: { url: string }[];
      };
      for (const fact of facts.results) expect(fact.url.startsWith(`${own}/`)).toBe(true);
      // Health and readiness as on npm start.
      expect(await (await fetch(`${own}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${own}/readyz`)).json()).toEqual({ status: 'ready' });
      for (const path of ['/healthz', '/readyz']) {
        const refused = await fetch(`${own}${path}`, { method: 'POST' });
        expect(refused.status, `${runtime} POST ${path}`).toBe(405);
        expect(refused.headers.get('allow')).toBe('GET, HEAD');
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
      }
      await server.stop();
    }
  }, 900_000);
});
