/**
 * CPU time of processes from /proc (Linux), so that a load figure shows who used the machine's cores: the server's
 * processes (a process and its descendants), and the load generator (a child this process has reaped).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU fields (getconf CLK_TCK; 100 when it cannot be asked). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when it is gone. */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

// After the command name: [0] state, [1] ppid, ..., [11] utime, [12] stime, [13] cutime, [14] cstime.
const seconds = (fields: string[], from: number) => (Number(fields[from]) + Number(fields[from + 1])) / TICKS;

/** Whether /proc can be read here (the CPU figures are left out elsewhere). */
export const HAS_PROC = statFields('self') !== null;

/** CPU seconds (user + system) used so far by `pid` alone (`root`) and with every process below it still running (`total`). */
export function treeCpuSeconds(pid: number): { root: number; total: number } {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  let total = 0;
  let root = 0;
  for (const queue = [pid]; queue.length > 0; ) {
    const next = queue.pop()!;
    const fields = statFields(next);
    const used = fields ? seconds(fields, 11) : 0;
    if (next === pid) root = used;
    total += used;
    queue.push(...(children.get(next) ?? []));
  }
  return { root, total };
}

/** CPU seconds of this process itself, and of its children that have exited and been reaped (wrk, once it ends). */
export function ownCpuSeconds(): { self: number; reapedChildren: number } {
  const fields = statFields('self');
  return fields ? { self: seconds(fields, 11), reapedChildren: seconds(fields, 13) } : { self: 0, reapedChildren: 0 };
}
