/** One site build shared by every test run: the real corpus plus the test fixtures, rebuilt only when inputs change. */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readSettings, type Settings } from '../../src/lib/config.ts';
import { buildSite, staleReason } from '../../scripts/lib/build-site.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Port the Playwright server uses (TEST_PORT, default 4330; the static server takes the next one); record urls in the test build point there. */
export const TEST_PORT = Number(process.env.TEST_PORT ?? 4330);
/** The error-report address of the test build (record pages carry the link). */
export const TEST_ERROR_REPORT_URL = 'mailto:corrections@permis.example';
/** Settings of the test build. */
export const testSettings: Settings = readSettings({
  SITE_URL: `http://127.0.0.1:${TEST_PORT}`,
  CONTENT_DIR: join(ROOT, '.cache/test-content'),
  DIST_DIR: join(ROOT, '.cache/test-dist'),
  // The bundled topics name records of the bundled corpus; another corpus (TEST_CONTENT_DIR) gets none.
  TOPICS_FILE: process.env.TEST_CONTENT_DIR ? undefined : join(ROOT, 'content/topics.yaml'),
  ERROR_REPORT_URL: TEST_ERROR_REPORT_URL,
});
/** The test build's settings as environment variables, for child processes (npm start, mcp, edge) that must find it current. */
export const testBuildEnv: Record<string, string> = Object.fromEntries(
  (['SITE_URL', 'CONTENT_DIR', 'DIST_DIR', 'TOPICS_FILE', 'ERROR_REPORT_URL'] as const).flatMap((name) =>
    testSettings[name] ? [[name, String(testSettings[name])]] : [],
  ),
);
/** The worker bundle that the workerd test project builds once per run. */
export const TEST_BUNDLE = join(ROOT, '.cache/edge/test-worker.js');
/** Fixture records added to the corpus for tests (a rich record, a hostile one). */
export const FIXTURES_DIR = join(ROOT, 'tests/fixtures/records');

/** Builds .cache/test-dist from content/records (or TEST_CONTENT_DIR) and the fixtures, unless it is current. */
export async function ensureTestBuild(): Promise<Settings> {
  const corpus = resolve(ROOT, process.env.TEST_CONTENT_DIR ?? 'content/records');
  const content = testSettings.CONTENT_DIR;
  // Mirror the sources into one directory; copying keeps mtimes, so an unchanged corpus stays "current".
  await rm(content, { recursive: true, force: true });
  await mkdir(content, { recursive: true });
  await cp(corpus, join(content, 'corpus'), { recursive: true, preserveTimestamps: true });
  await cp(FIXTURES_DIR, join(content, 'fixtures'), { recursive: true, preserveTimestamps: true });
  const reason = await staleReason(testSettings);
  if (reason) {
    const started = Date.now();
    await buildSite(testSettings, { quiet: true }).catch((error: Error & { output?: string }) => {
      throw new Error(`${error.message}\n${error.output ?? ''}`);
    });
    console.log(
      `test build: ${(await readdir(join(testSettings.DIST_DIR, 'api/v1/facts'))).filter((name) => !/\.(br|gz)$/.test(name)).length} records in ${Date.now() - started} ms (${reason})`,
    );
  }
  return testSettings;
}
