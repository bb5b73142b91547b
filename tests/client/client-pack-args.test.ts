/**
 * `npm run client:pack`'s arguments: one optional destination folder, and nothing else. An option is refused
 * before anything is built or created, so that `--dest x` or a mistyped flag never becomes a folder named after it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'client-pack-args-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs scripts/client-pack.ts with `args` in the scratch folder, so that any folder it wrongly made would land there. */
function pack(args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts/client-pack.ts'), ...args], {
    cwd: scratch,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('client:pack arguments', () => {
  it('refuses an unknown option with exit code 2 and creates no folder named after it', () => {
    const run = pack(['--dest']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`client:pack: Unknown option '--dest'`);
    expect(existsSync(join(scratch, '--dest'))).toBe(false);
  });

  it('refuses a second destination and names both', () => {
    const run = pack(['one', 'two']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('client:pack: expected at most one destination, got 2: one two');
    expect(existsSync(join(scratch, 'one'))).toBe(false);
  });
});
