/**
 * `npm test` after the lint: Vitest with the type check running beside it, then Playwright. tsc is single-threaded
 * and Vitest starts by making the test build, which leaves a core idle: side by side they take the time of Vitest
 * alone. The type check's output is printed once Vitest is done, so the two never interleave.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { answerHelp, refuseArguments } from './lib/cli-help.ts';

const USAGE = `usage: npm test   (npm run lint, then node scripts/test.ts)

Runs, from the project folder, after the lint: vitest run and astro sync && tsc --noEmit side by side, then
playwright test.
Stops at the first step that fails and exits 1. One file at a time: npx vitest run <file>, npx playwright test <file>
(docs/development.md#tests).`;
answerHelp(USAGE);
if (process.argv.length > 2) refuseArguments(`unexpected argument "${process.argv[2]}": npm test takes none`, USAGE);

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules/.bin');

/** Runs a tool of node_modules/.bin; `quiet` keeps its output and returns it instead of printing it. */
function run(tool: string, args: string[], quiet = false): Promise<{ code: number; output: string }> {
  const child = spawn(join(BIN, tool), args, {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    cwd: ROOT,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output })));
}

// tsc needs Astro's generated types (.astro/), which a fresh clone has only after a build: astro sync writes them first.
const typecheck = run('astro', ['sync'], true).then((sync) =>
  sync.code === 0 ? run('tsc', ['--noEmit'], true) : sync,
);
const vitest = await run('vitest', ['run']);
// The builds of the tests rewrite .astro/'s type files, not atomically, while tsc may be reading them: a failure beside
// Vitest is confirmed by a second run once Vitest is done, and only that one counts (a real type error fails both).
let types = await typecheck;
if (types.code !== 0) types = await run('tsc', ['--noEmit'], true);
process.stdout.write(
  types.code === 0 ? 'tsc --noEmit: no type errors\n' : `astro sync && tsc --noEmit failed:\n${types.output}`,
);
if (vitest.code !== 0 || types.code !== 0) process.exit(1);
process.exit((await run('playwright', ['test'])).code === 0 ? 0 : 1);
