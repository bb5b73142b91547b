/**
 * `npm run serve:deno` / `npm run serve:bun`: finds the build made for this server's own address (SITE_URL, by default
 * http://HOST:PORT as for npm start) or makes it, then runs the Deno or Bun entry over that build's own folder,
 * passing stop signals on and exiting with it.
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureBuild, verifiedOrExit } from './lib/prepare-build.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';

answerHelp(`usage: npm run serve:deno | npm run serve:bun   (node scripts/serve-runtime.ts deno|bun)

Finds the build made for SITE_URL (default http://HOST:PORT, as for npm start) and the current sources, or makes it,
then serves the site, the API (/api/v1) and /mcp from it in one Deno or Bun process on HOST:PORT.

${settingsHelp(['PORT', 'HOST', 'SITE_URL', 'RATE_LIMIT_PER_MINUTE', 'TRUST_PROXY', 'CONTENT_DIR', 'DIST_DIR'])}`);

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules/.bin');
/** Deno's permissions for the entry: files, environment, network (listen), and os facts some packages read. */
const DENO_PERMISSIONS = ['--allow-read', '--allow-env', '--allow-net', '--allow-sys'];

const runtime = process.argv[2];
if (runtime !== 'deno' && runtime !== 'bun') {
  console.error(`usage: node scripts/serve-runtime.ts deno|bun, got ${JSON.stringify(runtime)}`);
  process.exit(2);
}
const settings = settingsOrExit(process.env);
const build = await ensureBuild(settings, { log: console.log, onFailure: 'exit' });
await verifiedOrExit(build);
// The entry reads the build's own folder and this address: never DIST_DIR, which another command may switch.
const env = {
  ...process.env,
  DIST_DIR: build,
  SITE_URL: settings.SITE_URL,
  HOST: settings.HOST,
  PORT: String(settings.PORT),
};
const [command, args] =
  runtime === 'deno'
    ? [
        join(BIN, 'deno'),
        [
          'serve',
          ...DENO_PERMISSIONS,
          '--host',
          settings.HOST,
          '--port',
          String(settings.PORT),
          join(ROOT, 'src/adapters/web/deno-serve.ts'),
        ],
      ]
    : [join(BIN, 'bun'), [join(ROOT, 'src/adapters/web/bun-serve.ts')]];
const child = spawn(command, args, { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
