/**
 * The client as a package: `npm run client:pack`'s tarball, installed with `npm install <tarball>` (offline) into a
 * scratch project under a temporary folder, type-checks there and calls a running server from Node and from a page
 * in Chromium (no bundler: an import map names the installed module).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Runs a command to its end (blocking: only for commands that need no answer from this process's server). */
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let scratch: string;
let server: RunningServer;
let base: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'permis-client-'));
  const packed = run(process.execPath, ['scripts/client-pack.ts', scratch], ROOT);
  const tarball = /^(\S+\.tgz) /m.exec(packed)![1]!;
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], scratch);
  server = await startSiteServer();
  base = `${server.origin}/api/v1`;
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the client package', () => {
  it('installs alone: ESM with exports and types, no dependency of its own', async () => {
    const manifest = JSON.parse(
      await readFile(join(scratch, 'node_modules/@permis-facts/client/package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest.type).toBe('module');
    expect(manifest.exports).toEqual({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './package.json': './package.json',
    });
    expect(manifest.dependencies).toBeUndefined();
    expect(await readdir(join(scratch, 'node_modules'))).toEqual(expect.arrayContaining(['@permis-facts']));
    expect((await readdir(join(scratch, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual([
      '@permis-facts',
    ]);
    expect((await readdir(join(scratch, 'node_modules/@permis-facts/client/dist'))).sort()).toEqual([
      'errors.d.ts',
      'index.d.ts',
      'index.js',
      'transport.d.ts',
      'types.d.ts',
    ]);
  });

  it('type-checks a program against its declarations, and rejects a wrong call', async () => {
    await writeFile(
      join(scratch, 'check.ts'),
      [
        "import { createClient, ApiError, type Fact, type ListResponse } from '@permis-facts/client';",
        "const client = createClient({ baseUrl: 'http://localhost/api/v1', maxRetries: 2 });",
        "const page: ListResponse = await client.search({ q: 'permis', kind: 'fact', region: 'wallonie', limit: 5 });",
        'const first: Fact | undefined = page.results[0];',
        "const kind: 'fact' | 'expertise' | 'organization' | 'offer' | 'person' | 'professional' | 'article' | 'lesson' | 'page' | 'tool' | undefined = first?.kind;",
        "const code: string = new ApiError(429, 'rate_limited', 'x', '').code;",
        '// @ts-expect-error: limit is a number',
        "await client.search({ limit: 'ten' });",
        '// @ts-expect-error: no such region',
        "await client.search({ region: 'paris' });",
        'console.log(kind, code);',
      ].join('\n'),
    );
    await writeFile(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['check.ts'],
      }),
    );
    expect(() =>
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], scratch),
    ).not.toThrow();
  });

  it("runs docs/api.md's example as written, once installed: it imports the package's name, type-checks and answers", async () => {
    const docs = await readFile(join(ROOT, 'docs/api.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## TypeScript client'));
    const example = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
    expect(example).toContain("from '@permis-facts/client'");
    await writeFile(join(scratch, 'example.ts'), example.replace('http://localhost:4321/api/v1', base));
    await writeFile(
      join(scratch, 'tsconfig.example.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['example.ts'],
      }),
    );
    expect(() =>
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.example.json'], scratch),
    ).not.toThrow();
    // Node runs the TypeScript as is (type stripping); not blocking: the server answering it runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['example.ts'], { cwd: scratch });
    const lessons = (await (await fetch(`${base}/facts?limit=1&po_live=1&kind=lesson`)).json()) as { total: number };
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => /^[a-z]+-[0-9a-f]{16} /.test(line))).toHaveLength(lessons.total);
    expect(lines.at(-1)).toMatch(/^404 record_not_found /);
  });

  it('calls a running server from Node: search, one record, a walk and an API error', async () => {
    await writeFile(
      join(scratch, 'call.mjs'),
      `import { createClient, ApiError } from '@permis-facts/client';
const client = createClient({ baseUrl: process.argv[2] });
const page = await client.search({ limit: 3 });
const fact = await client.fact(page.results[0].id);
let walked = 0;
for await (const _ of client.walk({ kind: page.results[0].kind }, { pageSize: 50 })) walked += 1;
// A well-formed id that no record has: the first one with its last digit changed.
const error = await client.fact(fact.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))).catch((e) => e);
console.log(JSON.stringify({ total: page.total, ids: page.results.map((r) => r.id), fact: fact.id, walked, error: error instanceof ApiError ? [error.status, error.code] : String(error) }));`,
    );
    // Not blocking: the server answering it runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['call.mjs', base], { cwd: scratch });
    const result = JSON.parse(stdout) as { total: number; ids: string[]; fact: string; walked: number; error: unknown };
    const direct = (await (await fetch(`${base}/facts?limit=3&po_live=1`)).json()) as {
      total: number;
      results: { id: string; kind: string }[];
    };
    expect(result.total).toBe(direct.total);
    expect(result.ids).toEqual(direct.results.map((r) => r.id));
    expect(result.fact).toBe(direct.results[0]!.id);
    const ofKind = (await (await fetch(`${base}/facts?limit=1&po_live=1&kind=${direct.results[0]!.kind}`)).json()) as {
      total: number;
    };
    expect(result.walked).toBe(ofKind.total);
    expect(result.error).toEqual([404, 'record_not_found']);
  });

  it('calls a running server from a browser page, across origins, through an import map', async () => {
    await writeFile(
      join(scratch, 'index.html'),
      `<!doctype html><meta charset="utf-8"><title>client</title>
<script type="importmap">{"imports":{"@permis-facts/client":"./node_modules/@permis-facts/client/dist/index.js"}}</script>
<script type="module">
import { createClient } from '@permis-facts/client';
const client = createClient({ baseUrl: new URL(location.href).searchParams.get('api') });
const page = await client.search({ limit: 2 });
const fact = await client.fact(page.results[0].id);
window.result = { total: page.total, ids: page.results.map((r) => r.id), url: fact.url };
</script>`,
    );
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
    const pageServer: Server = createServer(async (req, res) => {
      const file = join(scratch, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'));
      const body = await readFile(file).catch(() => null);
      res
        .writeHead(body ? 200 : 404, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
        .end(body ?? 'not found');
    });
    await new Promise<void>((done) => pageServer.listen(0, '127.0.0.1', done));
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The page is on another origin than the API ("localhost" vs 127.0.0.1): the API's CORS answers must let it read.
      const { port } = pageServer.address() as { port: number };
      await page.goto(`http://localhost:${port}/?api=${encodeURIComponent(base)}`);
      const result = (await page
        .waitForFunction(() => (window as unknown as { result?: unknown }).result, undefined, { timeout: 20_000 })
        .then((handle) => handle.jsonValue())) as { total: number; ids: string[]; url: string };
      expect(errors).toEqual([]);
      const direct = (await (await fetch(`${base}/facts?limit=2&po_live=1`)).json()) as {
        total: number;
        results: { id: string; url: string }[];
      };
      expect(result).toEqual({
        total: direct.total,
        ids: direct.results.map((r) => r.id),
        url: direct.results[0]!.url,
      });
    } finally {
      await browser.close();
      await new Promise<void>((done) => pageServer.close(() => done()));
    }
  });
});
