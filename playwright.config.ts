import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { TEST_PORT } from './tests/support/test-build.ts';

// Debian's Chromium where it is installed (CI here); otherwise Playwright's own browser, if the user installed one.
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // Screenshot baselines, committed: tests/e2e/screenshots/<name>.png (one browser, one platform: no suffix).
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.001 } },
  use: {
    baseURL: `http://127.0.0.1:${TEST_PORT}`,
    locale: 'fr-BE',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node tests/support/serve-test-site.ts',
    url: `http://127.0.0.1:${TEST_PORT + 1}/index.html`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
