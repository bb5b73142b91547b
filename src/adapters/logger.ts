/** Node-only: the process log (pino): one JSON object a line at LOG_LEVEL, or readable lines (pino-pretty) for a terminal. */
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Settings } from '../lib/config.ts';

/** The log of a server process. */
export type ServerLog = Logger;

/**
 * A logger on stdout (or `destination`, for tests). Lines carry an ISO time and the pid (workers share stdout).
 */
export function createLogger(settings: Pick<Settings, 'LOG_LEVEL' | 'LOG_FORMAT'>, destination?: DestinationStream): ServerLog {
  const options = { level: settings.LOG_LEVEL, timestamp: stdTimeFunctions.isoTime, base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  if (settings.LOG_FORMAT === 'pretty') return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' }));
  // Asynchronous: a request never waits for a write; pino flushes what is pending when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
