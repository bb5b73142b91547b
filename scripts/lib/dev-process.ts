/** `node scripts/dev.ts` as a child process on a free port of 127.0.0.1, for the live-reload test and bench. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** A running `npm run dev`. */
export interface DevServer {
  origin: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A port the system reports free right now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Starts the dev server over the records of `contentDir` (on `fixedPort`, else a free one) and waits for its ready line. */
export async function startDevServer(contentDir: string, fixedPort?: number): Promise<DevServer> {
  const port = fixedPort ?? (await freePort());
  const root = resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, ['scripts/dev.ts'], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, PORT: String(port), HOST: '127.0.0.1', SITE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('permis-facts dev: ready on')) done();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => fail(new Error(`npm run dev exited: ${output}`)));
  });
  // Vite may restart once right after start-up (dependency optimisation): wait until a page answers.
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${origin}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 360) throw new Error(`npm run dev does not answer: ${output}`);
    await new Promise((done) => setTimeout(done, 500));
  }
  return {
    origin,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
