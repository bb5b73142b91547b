import { defineConfig } from 'vitest/config';

/** API test files that state HTTP-level rules: they run against the handler and, in "workerd", against the worker. */
const HTTP_API_TESTS = ['routes', 'facts-query', 'openapi', 'pagination-walk', 'properties', 'rate-limit'].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: ['tests/edge/**'], globalSetup: ['tests/support/global-setup.ts'] },
        // Durable Object classes run under Node in unit tests, over a fake state.
        resolve: { alias: { 'cloudflare:workers': new URL('tests/support/cloudflare-workers-stub.ts', import.meta.url).pathname } },
      },
      {
        // The Cloudflare worker in workerd (Miniflare), over the same test build.
        extends: true,
        test: {
          name: 'workerd',
          include: [...HTTP_API_TESTS, 'tests/edge/**/*.test.ts'],
          env: { API_TARGET: 'worker' },
          globalSetup: ['tests/support/global-setup-worker.ts'],
          setupFiles: ['tests/support/worker-setup.ts'],
        },
      },
    ],
  },
});
