import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factFrontmatter, recordSource } from '../support/records.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The environment of a host's build: this one's, without SITE_URL or any host's variables, plus `extra`. */
function hostEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['SITE_URL', 'NETLIFY', 'URL', 'VERCEL', 'VERCEL_PROJECT_PRODUCTION_URL'])
    if (!(name in extra)) delete env[name];
  return env;
}

/** One record and a builds folder of its own: a regression that builds anyway builds one record, beside the repository's builds. */
async function tinySite(): Promise<Record<string, string>> {
  const content = await mkdtemp(join(tmpdir(), 'permis-host-build-'));
  await writeFile(join(content, 'a.md'), recordSource(factFrontmatter()));
  return { CONTENT_DIR: content, DIST_DIR: join(content, 'dist') };
}

/** Runs `args` with `env` until it exits by itself; returns exit code, stdout and stderr. */
function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = execFile(process.execPath, args, { cwd: ROOT, env }, (_error, stdout, stderr) =>
      done({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe("a host's build with SITE_URL unset", () => {
  it('npm run layout:vercel with no production address from Vercel stops naming SITE_URL, before building', async () => {
    const result = await run(
      ['scripts/host-layout.ts', 'vercel'],
      hostEnv({ VERCEL: '1', CI: '1', ...(await tinySite()) }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "Invalid configuration:\n  - SITE_URL (unset): a Vercel build (VERCEL=1) needs the public address of the site and Vercel gives none (VERCEL_PROJECT_PRODUCTION_URL is unset): set SITE_URL in the project's environment variables, e.g. https://permis.example.be\n",
    );
  });

  it('npm run build on Netlify with no URL stops naming SITE_URL, before building', async () => {
    const result = await run(['scripts/build.ts'], hostEnv({ NETLIFY: 'true', ...(await tinySite()) }));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('  - SITE_URL (unset): a Netlify build (NETLIFY=true) needs the public address');
  });

  it("npm run layout:vercel builds for Vercel's production address and says so", async () => {
    const child = spawn(process.execPath, ['scripts/host-layout.ts', 'vercel'], {
      cwd: ROOT,
      env: hostEnv({
        VERCEL: '1',
        VERCEL_PROJECT_PRODUCTION_URL: 'permis.vercel.app',
        ...(await tinySite()),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // The build's first line names its address: enough, the build itself is stopped there.
    await new Promise<void>((done, fail) => {
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        if (/^(Building the site first for|Build for) /m.test(stdout)) done();
      });
      child.on('exit', () => fail(new Error(`exited first: ${stdout}${stderr}`)));
    });
    child.kill('SIGTERM');
    await exited;
    expect(stderr.split('\n')[0]).toBe(
      "SITE_URL is unset on a Vercel build (VERCEL=1): building for https://permis.vercel.app, Vercel's production address (VERCEL_PROJECT_PRODUCTION_URL); set SITE_URL for another address",
    );
    expect(stdout).toMatch(/^(Building the site first for|Build for) https:\/\/permis\.vercel\.app[ :]/);
    expect(`${stdout}${stderr}`).not.toContain('localhost');
  }, 60_000);
});
