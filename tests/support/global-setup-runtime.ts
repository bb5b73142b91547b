// Vitest global setup of the runtime projects: the test build, laid out for Netlify or Vercel as their builds do.
import type { TestProject } from 'vitest/node';
import { staticLayout, vercelLayout } from '../../scripts/lib/host-layout.ts';
import { ensureTestBuild, testSettings } from './test-build.ts';
import { TEST_LAYOUT } from './runtime-target.ts';

export default async function setup(project: TestProject): Promise<void> {
  await ensureTestBuild();
  if (project.name === 'netlify') await staticLayout(testSettings.DIST_DIR, TEST_LAYOUT.netlify);
  if (project.name === 'vercel') await vercelLayout(testSettings.DIST_DIR, TEST_LAYOUT.vercel);
}
