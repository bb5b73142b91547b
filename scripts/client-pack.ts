/**
 * `npm run client:pack [-- <destination>]`: builds the client package (packages/client) and packs it with `npm pack`
 * into <destination> (default packages/client/); prints the tarball's path.
 */
import { answerHelp, refuseArguments } from './lib/cli-help.ts';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildClientPackage, CLIENT_PACKAGE, distFiles } from './lib/client-package.ts';

const USAGE = `usage: npm run client:pack [-- DESTINATION]

Builds the TypeScript client package (packages/client: ESM JavaScript and .d.ts) and packs it with npm pack into
DESTINATION (default packages/client/); prints the tarball's path (docs/api.md#typescript-client).`;
answerHelp(USAGE);

/** The one optional positional argument; an option (`--dest`, a typo of `--help`) is refused rather than made a folder. */
function readDestination(): string {
  try {
    const { positionals } = parseArgs({ allowPositionals: true, strict: true, options: {} });
    if (positionals.length > 1)
      throw new Error(`expected at most one destination, got ${positionals.length}: ${positionals.join(' ')}`);
    return resolve(positionals[0] ?? CLIENT_PACKAGE);
  } catch (error) {
    return refuseArguments(`client:pack: ${(error as Error).message}`, USAGE);
  }
}

const destination = readDestination();
mkdirSync(destination, { recursive: true });
await buildClientPackage();
const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
  cwd: CLIENT_PACKAGE,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [packed] = JSON.parse(output) as { filename: string; size: number; files: { path: string }[] }[];
console.log(`${resolve(destination, packed!.filename)} (${packed!.size} bytes: ${(await distFiles()).join(', ')})`);
