/**
 * Where a bench keeps its figures: `bench/results/<name>.{json,md}` holds the latest, and each run also writes a dated
 * copy, `bench/results/<date>-<name>.{json,md}`, that names the machine and the command which reproduces it, so a
 * figure in the docs can be traced to the run it came from and a later run never erases an earlier one.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';

/** The machine a run measured on, as written into its dated file. */
export interface Machine {
  /** Cores the process may use (`os.availableParallelism()`). */
  cores: number;
  /** The first core's model, as the OS names it. */
  cpu: string;
  /** Total memory, in GiB rounded to the unit. */
  memoryGiB: number;
  /** The Node version that ran the bench. */
  node: string;
}

/** The machine this process runs on. */
export function currentMachine(): Machine {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** One line naming a machine, for the markdown reports ("2 cores (AMD EPYC), 24 GiB RAM, Node v22.23.3"). */
export function describeMachine(machine: Machine): string {
  return `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB RAM, Node ${machine.node}`;
}

/** Options of createResultFiles; RESULT_FILE_DEFAULTS holds the defaults. */
export interface ResultFileOptions {
  /** The folder of the results. */
  dir: string;
  /** The run's date; its UTC day names the dated files. */
  date: Date;
  /** The machine written into the dated files. */
  machine: Machine;
}

/** Defaults of createResultFiles: the project's bench/results, now, this machine. */
export const RESULT_FILE_DEFAULTS: ResultFileOptions = {
  dir: join(import.meta.dirname, '../../bench/results'),
  get date() {
    return new Date();
  },
  get machine() {
    return currentMachine();
  },
};

/** What a run writes: its figures as JSON, and optionally the markdown report of the same figures. */
export interface RunResult {
  /** The figures; the dated file adds the date, the machine and the command around them. */
  json: Record<string, unknown>;
  /** The markdown report; the dated copy gets a header naming the date, the machine and the command. */
  markdown?: string;
  /**
   * What `<name>.*` should hold when it differs from this run's own figures (npm run bench keeps the sizes a run did
   * not measure from earlier runs there); the dated files always hold this run's figures only.
   */
  latest?: { json: Record<string, unknown>; markdown?: string };
}

/** Writes one bench's results: the latest files and this run's dated copy. */
export interface ResultFiles {
  /** Writes (again) this run's files; returns the dated JSON file's path. The dated name is chosen at the first write. */
  write(result: RunResult): Promise<string>;
}

/**
 * The result files of the bench `name` (or `{ latest, dated }` when the latest files have another name), run by
 * `command` (the exact command line that reproduces it). The dated copy is `<YYYY-MM-DD>-<name>`, or
 * `<YYYY-MM-DD>-<name>-2`, `-3`… when an earlier run of the same day wrote one: a run that writes several times (after
 * each corpus size) rewrites its own dated file, never another run's.
 */
export function createResultFiles(
  names: string | { latest: string; dated: string },
  command: string,
  options: Partial<ResultFileOptions> = {},
): ResultFiles {
  const { dir, date, machine } = { ...RESULT_FILE_DEFAULTS, ...options };
  const { latest: name, dated: datedName } = typeof names === 'string' ? { latest: names, dated: names } : names;
  const day = date.toISOString().slice(0, 10);
  let dated: string | undefined;
  const pickDated = () => {
    for (let n = 1; ; n += 1) {
      const base = `${day}-${datedName}${n === 1 ? '' : `-${n}`}`;
      if (!existsSync(join(dir, `${base}.json`)) && !existsSync(join(dir, `${base}.md`))) return base;
    }
  };
  return {
    async write(result) {
      await mkdir(dir, { recursive: true });
      dated ??= pickDated();
      const stamp = { date: date.toISOString(), machine, command };
      const latest = result.latest ?? result;
      await writeFile(join(dir, `${name}.json`), `${JSON.stringify({ ...stamp, ...latest.json }, null, 2)}\n`);
      await writeFile(join(dir, `${dated}.json`), `${JSON.stringify({ ...stamp, ...result.json }, null, 2)}\n`);
      const header = `Measured on ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`${command}\`; machine: ${describeMachine(machine)}.\n\n`;
      // The latest report gets the header when it is this run's alone; a merged one may hold columns of earlier runs.
      if (latest.markdown !== undefined)
        await writeFile(join(dir, `${name}.md`), result.latest ? latest.markdown : `${header}${latest.markdown}`);
      if (result.markdown !== undefined) await writeFile(join(dir, `${dated}.md`), `${header}${result.markdown}`);
      return join(dir, `${dated}.json`);
    },
  };
}
