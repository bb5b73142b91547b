/** Where the search benches read a corpus of a given size: the bundled records, or a synthetic corpus made once. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BUNDLED_SIZE } from '../bundled-corpus.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** The records folder for `size` records: content/records, or bench/tmp/corpus-<size> generated with seed 1. */
export function corpusDir(size: number): string {
  if (size === BUNDLED_SIZE) return join(ROOT, 'content/records');
  const dir = join(ROOT, `bench/tmp/corpus-${size}`);
  const generated = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/generate-corpus.ts'), '--count', String(size), '--out', dir, '--seed', '1'],
    { stdio: 'inherit' },
  );
  if (generated.status !== 0) throw new Error('corpus generation failed');
  return dir;
}
