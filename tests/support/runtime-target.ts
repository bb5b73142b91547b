/**
 * The other runtimes as API test targets (API_TARGET=deno|bun|netlify|vercel): each target is its own process or
 * stand-in over the test build, started on first use, reached over HTTP. The client's address travels the way the
 * platform hands it to the entry: X-Forwarded-For behind TRUST_PROXY=1 (Deno, Bun), X-Nf-Client-Connection-Ip
 * (Netlify), X-Real-IP (Vercel).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { readFileSync } from 'node:fs';
import type { RequestInfo } from '../../src/lib/api/handler.ts';
import { testSettings } from './test-build.ts';

/** The runtimes besides Node and workerd. */
export const RUNTIMES = ['deno', 'bun', 'netlify', 'vercel'] as const;
export type RuntimeKind = (typeof RUNTIMES)[number];

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
/** Where the global setup lays the test build out for Netlify and Vercel. */
export const TEST_LAYOUT = {
  netlify: join(ROOT, '.cache/test-netlify'),
  vercel: join(ROOT, '.cache/test-vercel/output'),
};
/** The header that carries the client's address to each runtime's entry. */
export const CLIENT_HEADER: Record<RuntimeKind, string> = {
  deno: 'x-forwarded-for',
  bun: 'x-forwarded-for',
  netlify: 'x-nf-client-connection-ip',
  vercel: 'x-real-ip',
};
/** Deno's permissions for the entries: files, environment, network (fetch, listen), and os facts some packages read. */
const DENO_PERMISSIONS = ['--allow-read', '--allow-env', '--allow-net', '--allow-sys'];

/** A running runtime: its address and a way to stop it. */
export interface RunningRuntime {
  url: URL;
  stop(): Promise<void>;
}

const running: Promise<RunningRuntime>[] = [];

/** The edge function declarations of netlify.toml, as Netlify reads them. */
export function netlifyEdgeRoutes(): { path: string; function: string }[] {
  const config = parse(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as {
    edge_functions?: { path: string; function: string }[];
  };
  return config.edge_functions ?? [];
}

/** Starts `command` and waits for the line that gives its address. */
function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<RunningRuntime> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = ready.exec(output);
      if (match)
        resolveStart({
          url: new URL(match[1]!),
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}): ${output}`)));
  });
}

/** Starts a runtime over the test build with `vars` (RATE_LIMIT_PER_MINUTE, SITE_URL) as its environment. */
export function startRuntime(kind: RuntimeKind, vars: Record<string, string>): Promise<RunningRuntime> {
  const site = { DIST_DIR: testSettings.DIST_DIR, HOST: '127.0.0.1', PORT: '0', TRUST_PROXY: '1', ...vars };
  let started: Promise<RunningRuntime>;
  if (kind === 'deno') {
    started = startProcess(
      join(BIN, 'deno'),
      ['serve', ...DENO_PERMISSIONS, '--host', '127.0.0.1', '--port', '0', 'src/adapters/web/deno-serve.ts'],
      site,
      /Listening on (http:\/\/\S+)/,
    );
  } else if (kind === 'bun') {
    started = startProcess(join(BIN, 'bun'), ['src/adapters/web/bun-serve.ts'], site, /listening on (http:\/\/\S+)/);
  } else if (kind === 'netlify') {
    const env = { ...vars, PUBLISH_DIR: TEST_LAYOUT.netlify, EDGE_ROUTES: JSON.stringify(netlifyEdgeRoutes()) };
    started = startProcess(
      join(BIN, 'deno'),
      ['run', ...DENO_PERMISSIONS, 'tests/support/netlify-dev.ts'],
      env,
      /netlify-dev listening on (http:\/\/\S+)/,
    );
  } else {
    started = import('./vercel-dev.ts').then(({ startVercelDev }) => startVercelDev(TEST_LAYOUT.vercel, vars));
  }
  running.push(started);
  return started;
}

/** A target whose requests go over HTTP to a fresh runtime with `vars`; the request's URL path and query are kept. */
export function runtimeTarget(kind: RuntimeKind, vars: Record<string, string>) {
  let runtime: Promise<RunningRuntime> | undefined;
  return async (request: Request, info: RequestInfo = {}): Promise<Response> => {
    runtime ??= startRuntime(kind, vars);
    const { url } = await runtime;
    const target = new URL(request.url);
    const headers = new Headers(request.headers);
    if (info.clientAddress) headers.set(CLIENT_HEADER[kind], info.clientAddress);
    const init: RequestInit = { method: request.method, headers, redirect: 'manual' };
    if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.arrayBuffer();
    return fetch(new URL(target.pathname + target.search, url), init);
  };
}

/** Stops every runtime started so far (the runtime projects' setup file calls it after each test file). */
export async function stopRuntimes(): Promise<void> {
  await Promise.all(running.splice(0).map(async (started) => (await started.catch(() => null))?.stop()));
}
