/** `wrangler deploy --dry-run`: Cloudflare's own tool accepts wrangler.jsonc and bundles the worker (no account, no upload). */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testSettings } from '../support/test-build.ts';

describe('wrangler deploy --dry-run', () => {
  it('accepts the configuration, binds the assets and the Durable Object, and bundles a worker under the 3 MB (gzip) free-plan limit', async () => {
    const out = await mkdtemp(join(tmpdir(), 'permis-deploy-'));
    try {
      const run = spawnSync(
        process.execPath,
        [
          'node_modules/wrangler/bin/wrangler.js',
          'deploy',
          '--dry-run',
          '--outdir',
          out,
          '--assets',
          testSettings.DIST_DIR,
        ],
        {
          env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
          encoding: 'utf8',
        },
      );
      const output = run.stdout + run.stderr;
      expect(run.status, output).toBe(0);
      expect(output).toMatch(/env\.QUOTA \(QuotaWindow\)\s+Durable Object/);
      expect(output).toMatch(/env\.ASSETS\s+Assets/);
      const bundle = await readFile(join(out, (await readdir(out)).find((name) => name.endsWith('.js'))!));
      expect(bundle.toString()).toMatch(/QuotaWindow = class extends DurableObject/);
      expect(gzipSync(bundle).length).toBeLessThan(3 * 2 ** 20);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
