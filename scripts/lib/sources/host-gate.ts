/** Politeness per host: at most N requests at a time, starts spaced by a delay, and a pause a host asked for (Retry-After). */

/** Waits `ms` milliseconds; injectable so tests count waits instead of waiting. */
export type Sleep = (ms: number) => Promise<void>;
/** The real wait. */
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface HostState {
  active: number;
  waiting: (() => void)[];
  /** Earliest start of the next request (the delay after the previous start, or the end of a pause). */
  nextStart: number;
}

/** Options of HostGate. */
export interface HostGateOptions {
  perHost: number;
  delayMs: number;
  sleep: Sleep;
  now: () => number;
}

/** Runs requests so that each host sees at most `perHost` at a time, started at least `delayMs` apart. */
export class HostGate {
  readonly #hosts = new Map<string, HostState>();
  readonly #options: HostGateOptions;

  constructor(options: HostGateOptions) {
    this.#options = options;
  }

  #state(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) this.#hosts.set(host, (state = { active: 0, waiting: [], nextStart: 0 }));
    return state;
  }

  /** Runs `task` when `host` has a free slot and its delay or pause is over. */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.#state(host);
    while (state.active >= this.#options.perHost) await new Promise<void>((resolve) => state.waiting.push(resolve));
    state.active++;
    try {
      // Starts are booked in turn, so two requests let through together still start a delay apart.
      const now = this.#options.now();
      const start = Math.max(now, state.nextStart);
      state.nextStart = start + this.#options.delayMs;
      if (start > now) await this.#options.sleep(start - now);
      return await task();
    } finally {
      state.active--;
      state.waiting.shift()?.();
    }
  }

  /** Holds every request to `host` until `until` (ms since the epoch): the host said Retry-After. */
  pause(host: string, until: number): void {
    const state = this.#state(host);
    state.nextStart = Math.max(state.nextStart, until);
  }
}
