/** A real redis-server for tests (the Debian package; .ci/run installs it), on a free port, without persistence. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (asked of the system, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A running redis-server: its URL, and ways to pause, resume and stop it. */
export interface TestRedis {
  url: string;
  port: number;
  process: ChildProcess;
  /** SIGSTOP: the socket stays open but nothing answers (a slow Redis). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** Starts redis-server on `port` (a free one by default) and waits until it accepts connections. */
export async function startRedis(port?: number): Promise<TestRedis> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    process: child,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
