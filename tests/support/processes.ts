/** Process helpers of the tests that start servers and check what is left of them after a stop (Linux /proc). */
import { readdirSync, readFileSync } from 'node:fs';

/** Whether process `pid` exists (a zombie counts as gone: it has exited, only its status is left to collect). */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Every process below `root`, from /proc. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0; ) {
    const next = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * Waits for the event that `check` observes (a log line, a count, a key gone), polling every 20 ms, for at most `capMs`
 * (a generous cap, so that a missing event fails the test instead of hanging it); returns whether it happened.
 */
export async function until(check: () => boolean | Promise<boolean>, capMs: number): Promise<boolean> {
  for (const end = Date.now() + capMs; Date.now() < end; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/**
 * Resolves as `promise` does, or rejects once `capMs` has passed with a message naming `bound`: the bound users rely on
 * (a shutdown deadline, say), which the generous cap only keeps a broken build from hanging the suite over.
 */
export async function within<T>(promise: Promise<T>, capMs: number, bound: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`not within ${capMs} ms, a generous cap over ${bound}`)), capMs)),
  );
  try {
    return await Promise.race([promise, cap]);
  } finally {
    clearTimeout(timer);
  }
}
