/** The log's stdout destination: buffering, a reader that stops reading or goes away, and flush callbacks. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogDestination, LOG_BUFFER } from '../../src/adapters/node/observability/log-destination.ts';

/**
 * A stream that records what it was given; `stuck` keeps every write pending (a reader that stopped reading) until
 * `unstick()` completes them.
 */
function sink(options: { stuck?: boolean; fail?: boolean } = {}) {
  const chunks: string[] = [];
  const pending: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      if (options.fail) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      chunks.push(chunk.toString());
      if (options.stuck) pending.push(() => done());
      else done();
    },
  });
  return {
    stream,
    text: () => chunks.join(''),
    unstick: () => pending.splice(0).forEach((done) => done()),
    pending: () => pending.length,
  };
}

const SMALL = { ...LOG_BUFFER, minLength: 100, maxPendingBytes: 1000 };
const line = (n: number) => `{"n":${n},"msg":"${'x'.repeat(40)}"}\n`;
const flushed = (destination: ReturnType<typeof createLogDestination>) =>
  new Promise<Error | null | undefined>((resolve) => destination.flush(resolve));

describe('log destination', () => {
  it('keeps lines until minLength characters are pending, then writes them in one piece', () => {
    const { stream, text } = sink();
    const destination = createLogDestination(stream, -1, SMALL);
    destination.write(line(1));
    expect(text()).toBe('');
    // Two lines are past 100 characters.
    destination.write(line(2));
    expect(text()).toBe(line(1) + line(2));
  });

  it('writes what is pending on flush and calls back once the stream took it', async () => {
    const { stream, text } = sink();
    const destination = createLogDestination(stream, -1, SMALL);
    destination.write(line(1));
    expect(await flushed(destination)).toBeFalsy();
    expect(text()).toBe(line(1));
  });

  it('writes pending lines within periodicFlushMs without a flush', async () => {
    const { stream, text } = sink();
    const destination = createLogDestination(stream, -1, { ...SMALL, periodicFlushMs: 20 });
    destination.write(line(1));
    await expect.poll(text, { timeout: 2_000 }).toBe(line(1));
  });

  it('drops and counts lines past maxPendingBytes when the reader stopped reading', () => {
    const stuck = sink({ stuck: true });
    const destination = createLogDestination(stuck.stream, -1, SMALL);
    for (let n = 0; n < 100; n++) destination.write(line(n));
    // Each write hands over 2–3 lines until more than 1000 characters wait in the stream; the rest are dropped.
    expect(stuck.stream.writableLength).toBeGreaterThan(SMALL.maxPendingBytes);
    expect(stuck.stream.writableLength).toBeLessThan(SMALL.maxPendingBytes + 3 * line(0).length);
    expect(destination.dropped()).toBeGreaterThan(50);
  });

  it('reports the dropped lines in one warning line once the stream takes lines again', async () => {
    let release: (() => void)[] = [];
    const chunks: string[] = [];
    const stream = new Writable({
      highWaterMark: 1024,
      write: (chunk: Buffer, _e, done) => (chunks.push(chunk.toString()), release.push(done)),
    });
    const destination = createLogDestination(stream, -1, SMALL);
    for (let n = 0; n < 100; n++) destination.write(line(n));
    const dropped = destination.dropped();
    expect(dropped).toBeGreaterThan(0);
    // The reader catches up.
    while (release.length > 0) {
      const pending = release;
      release = [];
      pending.forEach((done) => done());
      await new Promise((resolve) => setImmediate(resolve));
    }
    destination.write(line(100));
    destination.flush();
    const warning = chunks
      .join('')
      .split('\n')
      .find((text) => text.includes('"event":"log"'))!;
    expect(JSON.parse(warning)).toMatchObject({
      level: 40,
      dropped,
      msg: `${dropped} log lines dropped: stdout was not read`,
    });
    expect(chunks.join('')).toContain(line(100));
  });

  it('calls flush back with an error, and never throws, once the reader is gone (EPIPE)', async () => {
    const { stream } = sink({ fail: true });
    const destination = createLogDestination(stream, -1, SMALL);
    destination.write(line(1));
    expect(await flushed(destination)).toBeInstanceOf(Error);
    // Later lines are dropped at once, and a flush still answers.
    destination.write(line(2));
    expect(await flushed(destination)).toBeInstanceOf(Error);
    expect(destination.dropped()).toBe(1);
  });

  it('does not call flush back while a write is still pending (a full pipe), and calls it once the write completes', async () => {
    const { stream, unstick, pending } = sink({ stuck: true });
    const destination = createLogDestination(stream, -1, SMALL);
    destination.write(line(1));
    let called = false;
    const flush = flushed(destination).then((error) => ((called = true), error));
    // Let every callback the stream has queued run: the write is handed over and stays pending.
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending()).toBe(1);
    expect(called).toBe(false);
    unstick();
    expect(await flush).toBeFalsy();
    expect(called).toBe(true);
  });
});
