import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The `--sizes` token of the bundled corpus. It is a name, not a count: it stands for every record of
 * content/records, however many there are, and each report names the count it measured.
 */
export const BUNDLED_SIZE = 355;

/** How the help of every bench names that token, so no help text states a count that drifts from the corpus. */
export const BUNDLED_SIZE_HELP = `${BUNDLED_SIZE} stands for the bundled corpus (content/records, whatever its count: the report names it); other sizes are synthetic corpora generated under bench/tmp/`;

const ROOT = join(import.meta.dirname, '../..');

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
