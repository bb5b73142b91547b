import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { topicsProblems, writeInvalidContent } from '../support/records.ts';

/** Runs `script` with `env` until it exits by itself; returns exit code, stdout and stderr. */
function runScript(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = execFile(process.execPath, [script], { env: { ...process.env, ...env } }, (_error, stdout, stderr) =>
      done({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('npm run dev started on invalid content', () => {
  it('prints every problem of records, topics and synonyms as check:records does, and exits 1 without serving', async () => {
    const { content, records } = await writeInvalidContent('- from: [keuf]\n  to: [police]\n  weight: 3\n');
    const synonyms = join(content, 'synonyms.yaml');
    const env = { CONTENT_DIR: records, SYNONYMS_FILE: synonyms, SITE_URL: '', HOST: '127.0.0.1', PORT: '0' };
    const [dev, check] = await Promise.all([
      runScript('scripts/dev.ts', env),
      runScript('scripts/check-records.ts', env),
    ]);
    expect(dev.code).toBe(1);
    expect(dev.stdout).not.toContain('ready on');
    // The problem lines, without the records' code frames: records', topics', then synonyms'.
    expect(dev.stderr.split('\n').filter((line) => line && !line.startsWith('      '))).toEqual([
      'Invalid record files (1 problem):',
      `  - ${join(records, 'broken.md')}:6: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`,
      ...topicsProblems(join(content, 'topics.yaml')),
      'Invalid synonyms file (1 problem):',
      `  - ${synonyms}:3: entry 1: weight: must be from 0.05 to 1, got 3`,
      'npm run dev: not started: fix the files named above and run it again (npm run check:records checks them alone)',
    ]);
    // The same text as check:records, code frames included.
    expect(check.code).toBe(1);
    expect(dev.stderr).toBe(
      `${check.stderr}npm run dev: not started: fix the files named above and run it again (npm run check:records checks them alone)\n`,
    );
  }, 60_000);
});
