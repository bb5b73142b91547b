import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourceFiles } from './imports.ts';
import { ROOT } from './markdown.ts';

const run = promisify(execFile);

/** The command lines of scripts/: every file at its top level, and any other that reads its own arguments (scripts/lib/ is a library). */
function commandLines(): string[] {
  return sourceFiles('scripts').filter((file) => {
    if (!file.endsWith('.ts') || file.startsWith('scripts/lib/')) return false;
    if (file.split('/').length === 2) return true;
    return /process\.argv|parseArgs\(/.test(readFileSync(join(ROOT, file), 'utf8'));
  });
}

/** A generous cap per command: only a command that hangs reaches it (its signal then shows in the failed expectation). */
const HELP_CAP_MS = 60_000;

/** Runs `node <file> --help` (no settings, no build: help comes first) and returns its exit code (or the signal that stopped it) and output. */
async function help(file: string, flag = '--help'): Promise<{ code: number | string; stdout: string }> {
  const env = { ...process.env, PORT: 'not a port', DIST_DIR: '/nonexistent/permis-facts-dist' };
  try {
    const { stdout } = await run(process.execPath, [join(ROOT, file), flag], { cwd: ROOT, env, timeout: HELP_CAP_MS });
    return { code: 0, stdout };
  } catch (error) {
    const { code, signal, stdout } = error as { code: number | null; signal: string | null; stdout: string };
    return { code: code ?? `${signal} after the ${HELP_CAP_MS} ms cap`, stdout };
  }
}

/** Runs `task` over `items`, at most `slots` at a time (one per core: more only makes each slower on a loaded machine). */
async function mapBounded<T, R>(items: readonly T[], slots: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(slots, items.length) }, worker));
  return results;
}

describe('every command line of scripts/ answers --help', () => {
  const files = commandLines();

  it('finds the command lines (the npm scripts among them)', () => {
    const npmScripts = Object.values(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    ).flatMap((command) => /^node (scripts\/\S+\.ts)$/.exec(command)?.[1] ?? []);
    expect(npmScripts.length).toBeGreaterThan(10);
    expect(files).toEqual(expect.arrayContaining(npmScripts));
  });

  // Every command runs once, a few at a time, before the checks: each test then reads its answer.
  const answers = new Map<string, { code: number | string; stdout: string }>();
  beforeAll(async () => {
    const results = await mapBounded(files, availableParallelism(), (file) => help(file));
    files.forEach((file, i) => answers.set(file, results[i]!));
  }, 300_000);

  it.each(files)('%s --help prints its usage and exits 0, before reading settings', (file) => {
    const { code, stdout } = answers.get(file)!;
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: /);
    expect(stdout.length).toBeGreaterThan(80);
  });

  it('-h is the same as --help', async () => {
    const { code, stdout } = await help('scripts/record-id.ts', '-h');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: npm run -s record:id -- <kind> <slug>/);
  }, 90_000);

  it('npm run bench -- --help lists the bench options', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'bench', '--', '--help'], { cwd: ROOT, timeout: 60_000 });
    for (const option of ['--sizes', '--seconds', '--soak', '--soak-requests', '--edge', '--no-first-search'])
      expect(stdout).toContain(option);
  }, 90_000);
});
