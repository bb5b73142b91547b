/** `npm run conformance -- <base_url>` against `npm start` (scripts/start.ts over the test build), as CI runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PORT, testBuildEnv } from '../support/test-build.ts';

/** Runs a Node script to its end; resolves with its exit code and output. */
function runScript(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

let server: ChildProcess;
let origin = '';
// The API redirects to SITE_URL, so npm start must listen where the test build's SITE_URL points: TEST_PORT,
// which Playwright only uses after Vitest has finished (npm test runs them one after the other).
/** Starts npm start on TEST_PORT (a fresh process: a fresh quota) and resolves once it says its address. */
async function startServer(): Promise<void> {
  const env = {
    ...process.env,
    ...testBuildEnv,
    PORT: String(TEST_PORT),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '120',
  };
  server = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve(match[1]!);
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('close', (code) => reject(new Error(`npm start exited ${code} (is port ${TEST_PORT} busy?): ${output}`)));
  });
}
/** Sends SIGTERM to npm start and resolves once it has exited (its port is free again). */
function stopServer(): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  server.kill('SIGTERM');
  return exited;
}
beforeAll(startServer);
afterAll(stopServer);

describe('npm run conformance', () => {
  it('passes every check against npm start, one line per check, and exits 0', async () => {
    const { code, stdout, stderr } = await runScript(['scripts/conformance.ts', `${origin}/api/v1`]);
    const lines = stdout.trim().split('\n');
    expect(stderr).toBe('');
    expect(lines.filter((l) => !l.startsWith('PASS  '))).toEqual([expect.stringMatching(/^\d+ passed, 0 failed$/)]);
    expect(lines.at(-1)).toBe(`${lines.length - 1} passed, 0 failed`);
    expect(lines.some((l) => l.startsWith('PASS  past 120 requests a minute'))).toBe(true);
    // npm start sends the optional RateLimit headers: they are checked, not skipped as absent.
    expect(lines.filter((l) => l.startsWith('PASS  RateLimit'))).toEqual([
      expect.stringMatching(/\(on \d+ of \d+ answers\)$/),
      expect.stringMatching(/\(r \d+ → \d+ → \d+\)$/),
    ]);
    expect(code).toBe(0);
  });

  it('exits 1 with FAIL lines when the deployment does not answer', async () => {
    const { code, stdout } = await runScript([
      'scripts/conformance.ts',
      'http://127.0.0.1:9/api/v1',
      '--skip-rate-limit',
    ]);
    expect(stdout).toMatch(/^FAIL {2}GET \/ without po_live answers 307.*fetch failed/m);
    expect(stdout).toMatch(/\nSKIP {2}rate limit \(--skip-rate-limit\)\n0 passed, \d+ failed\n$/);
    expect(code).toBe(1);
  });

  it('exits 2 with the usage when the base address is missing or not a URL', async () => {
    for (const args of [[], ['localhost:4321'], ['http://x/api/v1', '--fast']]) {
      const { code, stderr } = await runScript(['scripts/conformance.ts', ...args]);
      expect(stderr).toContain('usage: npm run conformance -- <base_url> [--skip-rate-limit]');
      expect(code).toBe(2);
    }
  });

  // The first test spent this address's quota: a new npm start has a fresh one, so this run need not wait a minute.
  it("accepts the site's address: says which API base it checks, and passes", async () => {
    await stopServer();
    await startServer();
    const { code, stdout, stderr } = await runScript(['scripts/conformance.ts', `${origin}/`, '--skip-rate-limit']);
    expect(stderr).toBe(`checking the site's API base ${origin}/api/v1\n`);
    expect(stdout).toMatch(/\n\d+ passed, 0 failed\n$/);
    expect(code).toBe(0);
  });
});
