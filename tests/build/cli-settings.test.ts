import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs a command-line script with one bad setting; resolves with its exit code and output. */
async function withBadSettings(script: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('command lines with invalid settings', () => {
  const scripts = [
    'scripts/build.ts',
    'scripts/start.ts',
    'scripts/mcp.ts',
    'scripts/edge.ts',
    'scripts/check-records.ts',
    'scripts/corpus-stats.ts',
  ];
  for (const script of scripts) {
    it(`${script} exits 1 naming the variable and its value, without a stack trace`, async () => {
      const result = await withBadSettings(script, { SITE_URL: 'not a url', PORT: '80000' });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Invalid configuration:');
      expect(result.stderr).toContain('SITE_URL="not a url"');
      expect(result.stderr).toContain('PORT="80000"');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    });
  }

  it('npm run build refuses a SITE_URL with a path: pages and records are at the root, the API would not be', async () => {
    const result = await withBadSettings('scripts/build.ts', { SITE_URL: 'http://localhost:4411/sub' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Invalid configuration:\n  - SITE_URL="http://localhost:4411/sub": must be the site's origin alone (scheme, host, optional port; the site is served at its root), e.g. https://permis.example.be: it has a path ("/sub") (Public address of the site, an origin without a path, used in every record's url; default http://HOST:PORT, on a Netlify or Vercel build the host's production address)\n`,
    );
  });
});
