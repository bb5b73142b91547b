// Vitest global setup of the "workerd" project: the test build, plus the worker bundled once for every test file.
import { bundleWorker } from '../../scripts/lib/edge-runtime.ts';
import { ensureTestBuild, TEST_BUNDLE } from './test-build.ts';

export default async function setup(): Promise<void> {
  await ensureTestBuild();
  await bundleWorker(TEST_BUNDLE);
}
