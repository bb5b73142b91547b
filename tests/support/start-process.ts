/** `node scripts/start.ts` as a child process over the test build (no rebuild), for multi-process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { testBuildEnv } from './test-build.ts';

/** A running `npm start`: its base URL, everything it printed, and a way to stop it. */
export interface StartedServer {
  base: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts scripts/start.ts on a free port of 127.0.0.1 with `env` added (one process unless WORKERS is given), and waits for its ready line. */
export async function startServerProcess(env: Record<string, string>): Promise<StartedServer> {
  const fullEnv = { ...process.env, ...testBuildEnv, PORT: '0', HOST: '127.0.0.1', WORKERS: '1', ...env };
  const child = spawn(process.execPath, ['scripts/start.ts'], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /ready in \d+ ms on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', () => reject(new Error(`scripts/start.ts exited: ${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
