/** Node-only: the process log (pino): one JSON object a line at LOG_LEVEL, or readable lines (pino-pretty) for a terminal. */
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Settings } from '../../../lib/config.ts';
import { createLogDestination, LOG_BUFFER } from './log-destination.ts';

/** The log of a server process. */
export type ServerLog = Logger;

let second = Number.NaN;
let prefix = '';

/**
 * pino's `time` field as an ISO 8601 string, the same text as `new Date().toISOString()` (pino's isoTime) at a
 * fraction of its cost: the text up to the second is built once a second, only the milliseconds per line.
 */
export function isoTimestamp(now: number = Date.now()): string {
  const s = Math.floor(now / 1000);
  if (s !== second) {
    second = s;
    prefix = new Date(s * 1000).toISOString().slice(0, 20);
  }
  const ms = now - s * 1000;
  return `,"time":"${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/**
 * A logger on stdout (or `destination`, for tests). Lines carry an ISO time and the pid (workers share stdout).
 */
export function createLogger(
  settings: Pick<Settings, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination?: DestinationStream,
): ServerLog {
  const options = { level: settings.LOG_LEVEL, timestamp: () => isoTimestamp(), base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  if (settings.LOG_FORMAT === 'pretty') {
    // Through Node's stdout stream too (not pino-pretty's own sonic-boom on fd 1): a terminal, or a pipe never blocks.
    process.stdout.on('error', () => undefined);
    return pino(options, pretty({ destination: process.stdout, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' }));
  }
  // Buffered and never blocking (log-destination.ts): a busy server makes one write per ~150 lines, not one per line.
  return pino(options, createLogDestination());
}

/**
 * Exits with `code` once the log's last lines are written, or after LOG_BUFFER.exitFlushMs when stdout does not take
 * them (its reader is stuck or gone): the lines still pending are then lost, the exit is not.
 */
export function exitAfterLog(log: ServerLog, code: number): void {
  const exit = () => process.exit(code);
  setTimeout(exit, LOG_BUFFER.exitFlushMs);
  log.flush(exit);
}

const LEVELS: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const lifecycles = new WeakMap<ServerLog, ServerLog>();

/**
 * The log of the lifecycle lines (start, stop, rebuild, worker replaced, Redis failure): the same stream, at level
 * info or below whatever LOG_LEVEL says, so that LOG_LEVEL=warn or error still shows them; only `silent` hides them.
 */
export function lifecycleLog(log: ServerLog): ServerLog {
  let lifecycle = lifecycles.get(log);
  if (!lifecycle) {
    const level =
      log.level === 'silent'
        ? 'silent'
        : LEVELS.indexOf(log.level as Level) < LEVELS.indexOf('info')
          ? log.level
          : 'info';
    lifecycle = log.child({}, { level });
    lifecycles.set(log, lifecycle);
  }
  return lifecycle;
}
