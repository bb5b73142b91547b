/**
 * Node-only (Linux /proc): notices that the npm process that ran `npm start` is gone. Killed with SIGKILL, npm cannot
 * pass the signal on, and its `sh -c` child outlives it: without this watch the server would run on as an orphan.
 */
import { readFileSync } from 'node:fs';

/** The parent pid and state of `pid` from /proc, or null when it does not exist (or /proc is absent). */
function procStat(pid: number): { parent: number; state: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after the last ')' are fixed.
    const [state = '', parent = ''] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(parent), state };
  } catch {
    return null;
  }
}

/** The command line of `pid`, or ''. */
const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/**
 * When this process was started by an npm script (npm_lifecycle_event is set), finds the npm process among its
 * first three ancestors and calls `onGone` once it has exited (or is a zombie). Does nothing otherwise: under
 * systemd or a container, the signals reach the server directly.
 */
export function watchLauncher(onGone: () => void, intervalMs = 1000): void {
  if (!process.env.npm_lifecycle_event) return;
  let pid = process.ppid;
  let launcher: number | undefined;
  for (let depth = 0; depth < 3 && pid > 1; depth++) {
    if (/(^|[/ ])npm(-cli\.js)?( |$)/.test(commandLine(pid))) {
      launcher = pid;
      break;
    }
    pid = procStat(pid)?.parent ?? 0;
  }
  if (launcher === undefined) return;
  const timer = setInterval(() => {
    const stat = procStat(launcher);
    if (stat && stat.state !== 'Z') return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
}
