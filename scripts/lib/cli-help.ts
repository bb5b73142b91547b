/** `--help` for every command line of scripts/: the usage text, then exit 0, before the command reads anything else. */
import { SettingsSchema } from '../../src/lib/config.ts';

/** The environment variables a command reads, with their meaning, from the settings module itself. */
export function settingsHelp(
  names: readonly (keyof typeof SettingsSchema.shape)[] = Object.keys(
    SettingsSchema.shape,
  ) as (keyof typeof SettingsSchema.shape)[],
): string {
  const lines = names.map((name) => `  ${name.padEnd(26)} ${SettingsSchema.shape[name].description ?? ''}`);
  return `Environment (docs/operating.md#configuration):\n${lines.join('\n')}`;
}

/** Prints `usage` and exits 0 when the arguments ask for help (`--help` or `-h`); otherwise does nothing. */
export function answerHelp(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  if (!args.includes('--help') && !args.includes('-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}

/** Prints what is wrong with the arguments in one line, then `usage`, and exits 2 (a usage error). */
export function refuseArguments(problem: string, usage: string): never {
  process.stderr.write(`${problem}\n${usage.trim()}\n`);
  process.exit(2);
}
