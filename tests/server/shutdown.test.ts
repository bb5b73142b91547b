import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from '../../src/adapters/shutdown.ts';
import { SERVER_OPTIONS } from '../../src/adapters/node-server.ts';
import { testBuildEnv } from '../support/test-build.ts';

/** A server whose answers take `delayMs`, listening on a free port. */
async function slowServer(delayMs: number) {
  const server = createServer(SERVER_OPTIONS, (_req, res) => setTimeout(() => res.end('done'), delayMs));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A client that sends half a request head and then nothing (a slow-loris client). */
function stalledClient(port: number): Promise<{ closed: Promise<void> }> {
  return new Promise((ready) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      setTimeout(() => ready({ closed }), 50);
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
  });
}

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then stops', async () => {
    const { server, port } = await slowServer(300);
    // Close only once the server holds the request (a fixed wait lost the race on a busy machine).
    const received = new Promise((r) => server.once('request', r));
    const answer = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await received;
    const result = await closeGracefully(server, 5000);
    expect(result).toBe('drained');
    expect(await answer).toBe('done');
  });

  it('closes idle keep-alive connections at once', async () => {
    const { server, port } = await slowServer(0);
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => socket.once('data', r)); // answered; the connection stays open, idle
    const closed = new Promise((r) => socket.on('close', r));
    expect(await closeGracefully(server, 5000)).toBe('drained');
    await closed;
  });

  it('closes a client that never finishes its headers at the deadline, not later', async () => {
    const { server, port } = await slowServer(0);
    const client = await stalledClient(port);
    const started = Date.now();
    expect(await closeGracefully(server, 400)).toBe('forced');
    await client.closed;
    // Generous bound: the point is that shutdown does not wait for the client's own timeout (10 s here, 60 s by default).
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('npm start stops within SHUTDOWN_DEADLINE_SECONDS on SIGTERM although a slow client is connected', async () => {
    // One process: the drain of a cluster is tests/server/cluster.test.ts.
    const env = { ...process.env, ...testBuildEnv, PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DEADLINE_SECONDS: '1', WORKERS: '1' };
    const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = /ready in \d+ ms on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', () => reject(new Error(output)));
    });
    const client = await stalledClient(port);
    const started = Date.now();
    const code = new Promise<number | null>((done) => child.on('exit', done));
    child.kill('SIGTERM');
    expect(await code).toBe(0);
    await client.closed;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(output).toContain('SIGTERM, finishing requests in flight (at most 1 s)');
    expect(output).toContain('connections still open were closed at the deadline');
  }, 60_000); // npm start verifies the whole build before it is ready: slow on a loaded machine
});
