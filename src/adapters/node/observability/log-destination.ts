/**
 * Node-only: where the JSON log goes. Lines are buffered (32 KiB or 250 ms) and handed to Node's own stdout stream,
 * which writes a pipe or a socket without blocking, on the main thread: no write ever waits in libuv's thread pool
 * (a write blocked there on a full pipe held the process at exit for ever), and every bound below holds whatever
 * the reader of stdout does: it may read slowly, stop reading, or close its end.
 */
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** How the log is buffered and how long it may hold the process at exit. */
export const LOG_BUFFER = {
  /**
   * Lines are written once this many characters are pending (about 150 access lines, half a Linux pipe's default
   * buffer): measured, 6.2-6.6 µs of CPU a line against 6.7-7.4 µs with 4 KiB (200,000 lines into a pipe read by cat)...
   */
  minLength: 32_768,
  /** ...and at least this often. */
  periodicFlushMs: 250,
  /** Past this much written but not yet taken by the reader, new lines are dropped (and counted) rather than kept. */
  maxPendingBytes: 8 * 1024 * 1024,
  /** At a stop, how long the process waits for the reader to take the last lines before it exits anyway. */
  exitFlushMs: 1_000,
  /** At an exit not preceded by that wait (a fatal error), how long the last lines may be retried synchronously. */
  exitSyncMs: 100,
} as const;

/** Options of createLogDestination (LOG_BUFFER by default). */
export type LogBufferOptions = { readonly [K in keyof typeof LOG_BUFFER]: number };

/** A pino destination with pino's `flush(callback)`. */
export interface LogDestination {
  write(line: string): boolean;
  /** Hands what is buffered to stdout; `done` runs once stdout wrote it, or failed. */
  flush(done?: (error?: Error | null) => void): void;
  /** Lines dropped because the reader did not keep up (or was gone). */
  dropped(): number;
}

/** Sleeps `ms` synchronously (at exit, when there is no event loop left to wait on). */
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Buffers lines into `stream` (process.stdout, whose fd is `fd`); see LOG_BUFFER. */
export function createLogDestination(
  stream: Writable = process.stdout,
  fd = 1,
  options: LogBufferOptions = LOG_BUFFER,
): LogDestination {
  let pending = '';
  let inFlight = 0;
  let broken = false;
  let dropped = 0;
  let droppedSinceReport = 0;
  // Callers of flush(done) waiting for every write in flight.
  let waiting: Array<(error?: Error | null) => void> = [];
  const settle = (error?: Error | null) => {
    const callbacks = waiting;
    waiting = [];
    for (const done of callbacks) done(error);
  };
  // Without a listener, EPIPE on stdout would be an uncaught exception. A reader that is gone stays gone.
  stream.on('error', (error) => {
    broken = true;
    settle(error);
  });

  const countLines = (text: string) => text.split('\n').length - 1;
  const written = (error?: Error | null) => {
    inFlight--;
    if (error) broken = true;
    if (inFlight === 0 || broken) settle(error);
  };

  function flush(done?: (error?: Error | null) => void): void {
    if (broken) {
      dropped += countLines(pending);
      pending = '';
      done?.(new Error('stdout is closed'));
      return;
    }
    if (stream.writableLength > options.maxPendingBytes) {
      const lines = countLines(pending);
      dropped += lines;
      droppedSinceReport += lines;
      pending = '';
    } else if (droppedSinceReport > 0) {
      // The reader caught up again: say what it missed, in the log's own format.
      const time = new Date().toISOString();
      pending = `{"level":40,"time":"${time}","pid":${process.pid},"event":"log","dropped":${droppedSinceReport},"msg":"${droppedSinceReport} log lines dropped: stdout was not read"}\n${pending}`;
      droppedSinceReport = 0;
    }
    if (pending !== '') {
      const text = pending;
      pending = '';
      inFlight++;
      stream.write(text, written);
    }
    if (!done) return;
    if (inFlight === 0) done();
    else waiting.push(done);
  }

  // At exit the event loop is gone: what is still buffered (a fatal line just before process.exit) is written
  // synchronously, retried for at most exitSyncMs, and only when nothing is queued in the stream before it.
  process.on('exit', () => {
    let text = Buffer.from(pending);
    pending = '';
    if (broken || inFlight > 0 || text.length === 0) return;
    for (const end = Date.now() + options.exitSyncMs; text.length > 0; ) {
      try {
        text = text.subarray(writeSync(fd, text));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() >= end) return;
        sleepSync(5);
      }
    }
  });

  setInterval(() => pending !== '' && flush(), options.periodicFlushMs).unref();

  return {
    write(line: string): boolean {
      pending += line;
      if (pending.length >= options.minLength) flush();
      return true;
    },
    flush,
    dropped: () => dropped,
  };
}
