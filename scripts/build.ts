/** `npm run build`: validates the settings and records, then builds the site and API artefacts and swaps them into DIST_DIR. */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { buildSite } from './lib/build-site.ts';
import { realpath } from 'node:fs/promises';

answerHelp(`usage: npm run build

Builds the site and the API artefacts from CONTENT_DIR into a folder of their own, .builds/<digest>/ beside
DIST_DIR, named by a digest of the sources and settings, then points DIST_DIR (a link) at it: validates the settings
and every record file first (exit 1 with the list of problems); a failed or interrupted build leaves DIST_DIR as it
was. A build of the same inputs that exists already is reused. SITE_URL is baked into the build.

${settingsHelp(['SITE_URL', 'CONTENT_DIR', 'DIST_DIR', 'HOST', 'PORT'])}`);

// Ctrl-C or SIGTERM stops Astro and removes the unfinished folder; DIST_DIR keeps the last good build.
const abort = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort.abort());

try {
  const settings = settingsOrExit(process.env);
  // Astro runs with --silent, so its output is empty after a good build: whether it ran is `built`.
  const { built } = await buildSite(settings, { signal: abort.signal, log: console.log });
  console.log(
    `${built ? 'Built' : 'Found'} the build for ${settings.SITE_URL}: ${await realpath(settings.DIST_DIR)} (${settings.DIST_DIR} points to it)`,
  );
} catch (error) {
  // Astro's own report first when there is one (a record problem comes as its list alone, in the message).
  const { message, output } = error as Error & { output?: string };
  if (output && output !== message) console.error(output.trimEnd());
  console.error(message);
  process.exit(1);
}
