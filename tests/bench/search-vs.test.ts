import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--expose-gc', 'scripts/bench/search/versus.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('npm run bench:search-vs', () => {
  it('refuses a missing --base, a bad size or bad rounds with its usage and exit 2', () => {
    for (const args of [[], ['--base', '.', '--sizes', 'ten'], ['--base', '.', '--rounds', '0']]) {
      const answer = run(...args);
      expect(answer.status).toBe(2);
      expect(answer.stderr).toContain('usage: npm run bench:search-vs -- --base DIR');
    }
  });

  it('refuses a --base that is no checkout of the project, naming it', () => {
    const answer = run('--base', 'docs');
    expect(answer.status).toBe(2);
    expect(answer.stderr).toContain('--base docs: no checkout of this project there');
  });

  it('compares a checkout with itself on the bundled corpus: every query of the mix, then p50 and p99', () => {
    const answer = run('--base', '.', '--sizes', '355', '--rounds', '3');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toMatch(/# \d+ records, 3 rounds; medians in ms, base → this checkout/);
    expect(answer.stdout.match(/^ {2}« .+ »/gm)).toHaveLength(10);
    expect(answer.stdout).toMatch(/mix p50: \d+\.\d{3} → \d+\.\d{3} ms \([+-]\d+\.\d %\)/);
    expect(answer.stdout).toMatch(/mix p99: \d+\.\d{3} → \d+\.\d{3} ms/);
  }, 120_000);
});
