/** The settings every command line reads first, with the process stopping on a clear message when they are wrong. */
import { readSettings, type Settings } from '../../src/lib/config.ts';

/** The settings from `env`, or the process exits 1 with what is wrong with them (one line per variable, no stack trace). */
export function settingsOrExit(env: Record<string, string | undefined>): Settings {
  try {
    const settings = readSettings(env);
    // On stderr: the stdout of npm run mcp is its protocol.
    if (settings.siteUrlNote) console.error(settings.siteUrlNote);
    return settings;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
