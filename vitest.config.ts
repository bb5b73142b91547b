import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Runtimes other than Node and workerd whose entries run the HTTP API tests and the conformance checks (tests/support/runtime-target.ts). */
const RUNTIMES = ['deno', 'bun', 'netlify', 'vercel'];

/** API test files that state HTTP-level rules: they run against the handler and, in "workerd", against the worker. */
const HTTP_API_TESTS = ['routes', 'facts-query', 'openapi', 'pagination-walk', 'properties', 'rate-limit'].map(
  (name) => `tests/api/${name}.test.ts`,
);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores (1 on 2 cores). The slow files spend much of their time
    // waiting on child processes (builds, servers, runtimes): one worker more than the cores keeps them busy
    // (docs/development.md, Test suite time).
    maxWorkers: availableParallelism() + 1,
    // Files of a worker share its loaded modules instead of importing them afresh each (about a fifth of the suite's
    // time on 2 cores). A test that mocks a module imports its subject after vi.resetModules() (read-records-vanished).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/edge/**', 'tests/runtimes/**'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
        // Durable Object classes run under Node in unit tests, over a fake state.
        resolve: {
          alias: {
            'cloudflare:workers': new URL('tests/support/cloudflare-workers-stub.ts', import.meta.url).pathname,
          },
        },
      },
      {
        // The Cloudflare worker in workerd (Miniflare), over the same test build.
        extends: true,
        test: {
          name: 'workerd',
          // Each file starts workerd processes: on a loaded 2-core machine that alone has taken most of 30 s.
          testTimeout: 60_000,
          include: [...HTTP_API_TESTS, 'tests/edge/**/*.test.ts'],
          env: { API_TARGET: 'worker' },
          globalSetup: ['tests/support/global-setup-worker.ts'],
          setupFiles: ['tests/support/worker-setup.ts'],
        },
      },
      // Deno (deno serve), Bun, Netlify's edge function (under Deno) and Vercel's (in edge-runtime), over the same test build.
      ...RUNTIMES.map((name) => ({
        extends: true as const,
        test: {
          name,
          testTimeout: 60_000,
          include: [...HTTP_API_TESTS, 'tests/runtimes/**/*.test.ts'],
          env: { API_TARGET: name },
          globalSetup: ['tests/support/global-setup-runtime.ts'],
          setupFiles: ['tests/support/runtime-setup.ts'],
        },
      })),
    ],
  },
});
