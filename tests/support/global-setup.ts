// Vitest global setup: make sure the test build exists before any test reads it.
import { ensureTestBuild } from './test-build.ts';

export default async function setup(): Promise<void> {
  await ensureTestBuild();
}
