/** The access line of requests Node's parser refuses, the lifecycle lines whatever LOG_LEVEL, and the log's time field. */
import fc from 'fast-check';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientHash } from '../../src/adapters/node/observability/client-hash.ts';
import { createLogger, isoTimestamp, lifecycleLog } from '../../src/adapters/node/observability/logger.ts';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { createRequestObserver } from '../../src/adapters/node/observability/request-observer.ts';
import { startServerProcess } from '../support/start-process.ts';
import { testSettings } from '../support/test-build.ts';

/** A pino logger writing into `lines`. */
function capturedLog(level: 'info' | 'warn' | 'error' | 'silent') {
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()),
  });
  return { log: createLogger({ LOG_LEVEL: level, LOG_FORMAT: 'json' }, sink), lines };
}

/** Sends `bytes` on a raw connection and resolves with everything the server sent back before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('access line of a request the HTTP parser refuses', () => {
  const { log, lines } = capturedLog('info');
  const observe = createRequestObserver({
    log,
    logQueries: false,
    clientHash: createClientHash(),
    trustProxy: 0,
    ipv6Prefix: 64,
  });
  const site = createSiteServer({ ...testSettings, RATE_LIMIT_PER_MINUTE: 1_000_000 }, { observe, log: () => {} });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
    port = (site.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => site.server.close(done)));
  const entries = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');

  it('writes one line with placeholders for a malformed request line, and no client address', async () => {
    const before = entries().length;
    const answer = await rawExchange(port, 'GET /api/v1/facts bad request line\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    await expect.poll(() => entries().length).toBe(before + 1);
    const entry = entries().at(-1)!;
    expect(entry).toMatchObject({
      method: 'GET',
      route: 'unparsed',
      path: '-',
      status: 400,
      cache: 'none',
      encoding: 'identity',
    });
    expect(entry.bytes as number).toBeGreaterThan(0);
    expect(entry.client).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.join('\n')).not.toContain('127.0.0.1');
  });

  it('writes a line for headers too large (431 on a page), with method "-" when the method is unreadable', async () => {
    const before = entries().length;
    const answer = await rawExchange(port, `GET /a-page HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    await rawExchange(port, '\x01\x02 / HTTP/1.1\r\n\r\n');
    await expect.poll(() => entries().length).toBe(before + 2);
    const [large, garbage] = entries().slice(-2);
    expect(large).toMatchObject({ route: 'unparsed', path: '-', status: 431 });
    expect(garbage).toMatchObject({ method: '-', route: 'unparsed', path: '-', status: 400 });
  });

  it('logs a request repaired from raw UTF-8 bytes under its route', async () => {
    const before = entries().length;
    const answer = await rawExchange(
      port,
      'GET /api/v1/facts?q=th\xc3\xa9orique&po_live=1 HTTP/1.1\r\nhost: x\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    await expect.poll(() => entries().length).toBe(before + 1);
    expect(entries().at(-1)).toMatchObject({
      method: 'GET',
      route: '/api/v1/facts',
      path: '/api/v1/facts',
      status: 200,
    });
  });
});

describe('cache outcome in the access line', () => {
  const { log, lines } = capturedLog('info');
  const observe = createRequestObserver({
    log,
    logQueries: false,
    clientHash: createClientHash(),
    trustProxy: 0,
    ipv6Prefix: 64,
  });
  const site = createSiteServer({ ...testSettings, RATE_LIMIT_PER_MINUTE: 1_000_000 }, { observe, log: () => {} });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((done) => site.server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => site.server.close(done)));
  /** The `cache` field of the access line of one GET of `path`. */
  const outcomeOf = async (path: string) => {
    // The line is written once the answer is sent, which may be after the client has it: wait for the count to settle.
    await expect.poll(() => lines.length).toBe(sent);
    await (await fetch(`${base}${path}`)).arrayBuffer();
    await expect.poll(() => lines.length).toBe(++sent);
    return (JSON.parse(lines.at(-1)!) as { cache: string }).cache;
  };
  let sent = 0;

  it('is miss on first use and hit after, per request, for a record, a search and a page; none for /healthz', async () => {
    const list = (await (await fetch(`${base}/api/v1/facts?po_live=1&limit=3&offset=7`)).json()) as {
      results: { id: string }[];
    };
    sent++;
    // The list above read its records: one of them by id is a hit.
    expect(await outcomeOf(`/api/v1/facts/${list.results.at(-1)!.id}?po_live=1`)).toBe('hit');
    const query = '/api/v1/facts?po_live=1&q=permis%20moto&limit=2';
    // The reply cache admits an answer on its query's second request (reply-cache.ts): the third is a hit.
    expect(await outcomeOf(query)).toBe('miss');
    expect(await outcomeOf(query)).toBe('miss');
    expect(await outcomeOf(query)).toBe('hit');
    expect(await outcomeOf('/healthz')).toBe('none');
    expect(await outcomeOf('/')).toBe('miss');
    expect(await outcomeOf('/')).toBe('hit');
  });
});

describe('lifecycle lines', () => {
  it('are written at LOG_LEVEL=warn and error, where access lines are not; silent writes nothing', () => {
    for (const level of ['warn', 'error'] as const) {
      const { log, lines } = capturedLog(level);
      log.info({ method: 'GET' }, 'request');
      lifecycleLog(log).info({ event: 'start' }, 'ready');
      lifecycleLog(log).info({ event: 'stop' }, 'stopped');
      expect(lines.map((line) => (JSON.parse(line) as { event?: string }).event)).toEqual(['start', 'stop']);
    }
    const { log, lines } = capturedLog('silent');
    lifecycleLog(log).info({ event: 'start' }, 'ready');
    lifecycleLog(log).error({ event: 'integrity' }, 'damaged');
    expect(lines).toEqual([]);
  });

  it('npm start with LOG_LEVEL=warn still prints its start line and, on SIGTERM, its stop lines', async () => {
    const server = await startServerProcess({ LOG_LEVEL: 'warn' });
    try {
      expect(server.output()).toMatch(/"event":"start".*ready in \d+ ms/);
      const response = await fetch(`${server.base}/api/v1/facts?po_live=1&limit=1`);
      expect(response.status).toBe(200);
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
      const events = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { event?: string; msg: string });
      expect(events.filter((line) => line.event === 'stop')).toHaveLength(2);
      expect(events.some((line) => line.msg === 'request')).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('time field', () => {
  it('is the ISO 8601 text of Date.toISOString for any instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.parse('2200-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 5_000 }),
        (now, step) => {
          expect(isoTimestamp(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
          // The next instant (same second or a later one) is right too, after the cached second.
          expect(isoTimestamp(now + step)).toBe(`,"time":"${new Date(now + step).toISOString()}"`);
        },
      ),
    );
  });
});
