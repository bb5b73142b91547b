/**
 * `npm test` after the lint: Vitest with the type check running beside it, then Playwright. tsc is single-threaded
 * and Vitest starts by making the test build, which leaves a core idle: side by side they take the time of Vitest
 * alone. The type check's output is printed once Vitest is done, so the two never interleave.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { answerHelp, refuseArguments } from './lib/cli-help.ts';

const USAGE = `usage: npm test   (npm run lint, then node scripts/test.ts)

Runs, from the project folder, after the lint: vitest run and tsc --noEmit side by side, then playwright test.
Stops at the first step that fails and exits 1. One file at a time: npx vitest run <file>, npx playwright test <file>
(docs/development.md#tests).`;
answerHelp(USAGE);
if (process.argv.length > 2) refuseArguments(`unexpected argument "${process.argv[2]}": npm test takes none`, USAGE);

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules/.bin');

/** Runs a tool of node_modules/.bin; `quiet` keeps its output and returns it instead of printing it. */
function run(tool: string, args: string[], quiet = false): Promise<{ code: number; output: string }> {
  const child = spawn(join(BIN, tool), args, {
    cwd: ROOT,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output })));
}

const typecheck = run('tsc', ['--noEmit'], true);
const vitest = await run('vitest', ['run']);
const types = await typecheck;
process.stdout.write(types.code === 0 ? 'tsc --noEmit: no type errors\n' : `tsc --noEmit failed:\n${types.output}`);
if (vitest.code !== 0 || types.code !== 0) process.exit(1);
process.exit((await run('playwright', ['test'])).code === 0 ? 0 : 1);
