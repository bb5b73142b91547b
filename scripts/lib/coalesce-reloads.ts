/**
 * Node-only, `npm run dev`: one page reload for one data-store write. Astro sends its `full-reload` twice for a write
 * when Vite's watcher reports the new data-store file before Astro's own "file written" callback runs: the callback
 * marks the write so that the watcher's echo is ignored, but the echo came first (seen in the dev-reload test: the
 * watcher's call 4 ms before the callback's). Vite's browser client merges reloads 50 ms apart; on a busy machine they
 * came 87 ms apart, and the browser navigated twice. Reloads are therefore held for a short window, and each distinct
 * one is sent once at its end: a reload is delayed, never dropped, so a later edit is never lost.
 */

/** The part of Vite's hot channel this wraps: `send(payload)` or `send(event, data)`. */
export interface HotSender {
  send(...args: unknown[]): void;
}

/** How long a full reload waits for another one before it is sent (longer than the 87 ms seen under load). */
export const RELOAD_WINDOW_MS = 150;

const isFullReload = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'full-reload';

/**
 * Wraps `hot.send` in place: `full-reload` payloads sent within `windowMs` of each other go out `windowMs` after the
 * last, each distinct payload (its `path` may differ) once, in the order first sent; every other message goes out at
 * once, unchanged.
 */
export function coalesceReloads(hot: HotSender, windowMs: number = RELOAD_WINDOW_MS): void {
  const send = hot.send.bind(hot);
  let timer: NodeJS.Timeout | undefined;
  const held = new Map<string, unknown>();
  hot.send = (...args: unknown[]) => {
    if (args.length !== 1 || !isFullReload(args[0])) return send(...args);
    const key = JSON.stringify(args[0]);
    if (!held.has(key)) held.set(key, args[0]);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const payloads = [...held.values()];
      held.clear();
      for (const payload of payloads) send(payload);
    }, windowMs);
  };
}
