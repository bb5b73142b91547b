import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { testBuildEnv, testSettings } from '../support/test-build.ts';

/** Runs `node scripts/edge.ts` with `env`; `whenReady` gets the served origin, then the process is stopped. */
function runEdge(
  env: Record<string, string>,
  whenReady: (origin: string) => Promise<void>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/edge.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /ready in \d+ ms on (http:\/\/[^/]+)\//.exec(output);
      if (match && !ready) {
        ready = true;
        whenReady(match[1]!).then(
          () => child.kill('SIGTERM'),
          (error) => (child.kill('SIGTERM'), fail(error)),
        );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => done({ code, output }));
  });
}

describe('npm run edge', () => {
  it('stops with a clear message on a bad setting', async () => {
    const { code, output } = await runEdge({ PORT: 'abc' }, async () => {});
    expect(code).toBe(1);
    expect(output).toContain('PORT="abc"');
  });

  it('serves a current build in workerd without rebuilding: the API rules, the Durable Object quota and the site', async () => {
    const env = { ...testBuildEnv, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '3' };
    const { code, output } = await runEdge(env, async (origin) => {
      const redirect = await fetch(`${origin}/api/v1/facts?q=permis`, { redirect: 'manual' });
      expect(redirect.status).toBe(307);
      expect(redirect.headers.get('location')).toBe(`${testSettings.SITE_URL}/api/v1/facts?q=permis&po_live=1`); // canonical: SITE_URL
      expect((await fetch(`${origin}/api/v1/facts?q=permis&po_live=1`)).status).toBe(200);
      expect((await fetch(`${origin}/api/v1/openapi.json`)).status).toBe(200);
      const limited = await fetch(`${origin}/api/v1/openapi.json`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const page = await fetch(`${origin}/fiches/fait-e895e5ca7dd9aa43/`);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    });
    expect(output).not.toContain('Building the site first');
    expect(output).toMatch(/permis-facts \(workerd\): \d+ records, ready in \d+ ms on http:\/\/127\.0\.0\.1:\d+\//);
    expect(code).toBe(0);
  });
});
