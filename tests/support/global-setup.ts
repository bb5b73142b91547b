// Vitest global setup: make sure the test build exists before any test reads it, and that it comes out of the run whole.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import { ensureTestBuild, testSettings } from './test-build.ts';

export default async function setup(): Promise<() => Promise<void>> {
  await ensureTestBuild();
  // Tests damage hard-linked copies of it (support/link-copy.ts): a test that changed a shared file in place fails the
  // run here, naming the file, instead of misleading the tests of the next run.
  return async () => {
    const changed: string[] = [];
    for (const [path, entry] of Object.entries(await (await openIntegrity(testSettings.DIST_DIR)).all())) {
      const bytes = await readFile(join(testSettings.DIST_DIR, path)).catch(() => Buffer.alloc(0));
      if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) changed.push(path);
    }
    if (changed.length)
      throw new Error(`a test changed the shared test build: ${changed.join(', ')}; rm -rf .cache/.builds`);
  };
}
