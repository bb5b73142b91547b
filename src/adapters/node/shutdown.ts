/** Node-only: stopping the server without cutting answers short, and without waiting on slow clients for ever. */
import type { Server } from 'node:http';

/** How long shutdown waits for requests in flight before it closes every connection (SHUTDOWN_DEADLINE_SECONDS). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Stops accepting connections, closes idle keep-alive ones, lets requests in flight finish (their connections are
 * closed once idle), and after `deadlineMs` closes whatever is left: a client still sending its headers
 * or reading slowly cannot hold the process. Resolves 'drained' or 'forced'.
 */
export function closeGracefully(server: Server, deadlineMs = SHUTDOWN_DEADLINE_MS): Promise<'drained' | 'forced'> {
  return new Promise((done) => {
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, deadlineMs);
    // A keep-alive connection whose request finishes becomes idle: close those as they appear.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      done(forced ? 'forced' : 'drained');
    });
    server.closeIdleConnections();
  });
}

/** Past the drain deadline, how long the rest of a stop (the quota store, the last log lines) may take. */
export const EXIT_MARGIN_MS = 3_000;

/**
 * The hard deadline of a stop: whatever still holds the process `deadlineMs` + EXIT_MARGIN_MS after the stop began
 * (a store that does not close, a log that cannot be written), it exits then, with 0: the requests were drained.
 */
export function exitByDeadline(deadlineMs: number): void {
  setTimeout(() => process.exit(0), deadlineMs + EXIT_MARGIN_MS).unref();
}
