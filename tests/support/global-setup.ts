// Vitest global setup: make sure the test build exists before any test reads it, that it comes out of the run whole,
// and that the run's temporary folders go with it.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openIntegrity } from '../../src/adapters/builds/integrity-files.ts';
import { ensureTestBuild, testSettings } from './test-build.ts';

export default async function setup(): Promise<() => Promise<void>> {
  await ensureTestBuild();
  // Every temporary folder of the run (the tests', and those of the processes they start) lands in one folder, removed
  // at the end: os.tmpdir() reads TMPDIR, which the workers and their child processes inherit.
  const scratch = await mkdtemp(join(tmpdir(), 'permis-tests-'));
  process.env.TMPDIR = scratch;
  // Tests damage hard-linked copies of it (support/link-copy.ts): a test that changed a shared file in place fails the
  // run here, naming the file, instead of misleading the tests of the next run.
  return async () => {
    await rm(scratch, { recursive: true, force: true });
    const changed: string[] = [];
    for (const [path, entry] of Object.entries(await (await openIntegrity(testSettings.DIST_DIR)).all())) {
      const bytes = await readFile(join(testSettings.DIST_DIR, path)).catch(() => Buffer.alloc(0));
      if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) changed.push(path);
    }
    if (changed.length)
      throw new Error(`a test changed the shared test build: ${changed.join(', ')}; rm -rf .cache/.builds`);
  };
}
