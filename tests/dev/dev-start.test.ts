import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factFrontmatter, recordSource, TOPICS_WITH_EVERY_PROBLEM, topicsProblems } from '../support/records.ts';

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
    const content = await mkdtemp(join(tmpdir(), 'permis-dev-start-'));
    const records = join(content, 'records');
    await mkdir(records);
    await writeFile(join(records, 'good.md'), recordSource(factFrontmatter()));
    await writeFile(
      join(records, 'broken.md'),
      recordSource(factFrontmatter({ id: 'fait-0000000000000002', regions: ['bxl'] })),
    );
    await writeFile(join(content, 'topics.yaml'), TOPICS_WITH_EVERY_PROBLEM);
    const synonyms = join(content, 'synonyms.yaml');
    await writeFile(synonyms, '- from: [keuf]\n  to: [police]\n  weight: 3\n');
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
