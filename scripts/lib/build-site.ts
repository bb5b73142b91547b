/** Runs the Astro build for given settings, then writes what Astro does not: _headers and the build stamp. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, stat, writeFile, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Settings } from '../../src/lib/config.ts';
import { staticHostHeaders } from '../../src/lib/security-headers.ts';

const ASTRO = join(import.meta.dirname, '../../node_modules/astro/bin/astro.mjs');
const STAMP = '.build-stamp.json';
/** Inputs whose change makes a build stale. */
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json'];

/** Builds the site into settings.DIST_DIR and returns the build's output; rejects with it when the build fails. */
export async function buildSite(settings: Settings, options: { quiet?: boolean; nodeArgs?: string[] } = {}): Promise<string> {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: settings.SITE_URL, CONTENT_DIR: settings.CONTENT_DIR, DIST_DIR: settings.DIST_DIR };
  const inputs = await fingerprint(settings);
  const output: string[] = [];
  const code = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ASTRO, 'build', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (!options.quiet) process.stderr.write(chunk);
      });
    }
    child.on('close', done);
  });
  if (code !== 0) throw Object.assign(new Error(`astro build failed (exit ${code})`), { output: output.join('') });
  await writeFile(join(settings.DIST_DIR, '_headers'), staticHostHeaders());
  await writeFile(join(settings.DIST_DIR, STAMP), JSON.stringify({ SITE_URL: settings.SITE_URL, CONTENT_DIR: settings.CONTENT_DIR, inputs }));
  return output.join('');
}

/** A digest of every input file's path, size and mtime: any edit, addition or removal changes it. */
async function fingerprint(settings: Settings): Promise<string> {
  const hash = createHash('sha256');
  for (const input of [settings.CONTENT_DIR, ...INPUTS]) {
    const info = await stat(input).catch(() => null);
    if (!info) continue;
    const files = info.isDirectory()
      ? (await readdir(input, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
      : [input];
    for (const file of files.sort()) {
      const s = await stat(file);
      hash.update(`${relative(input, file)}:${s.size}:${Math.round(s.mtimeMs)}\n`);
    }
  }
  return hash.digest('hex');
}

/** Why a build is needed (no build, other settings, changed inputs), or null when the output is current. */
export async function staleReason(settings: Settings): Promise<string | null> {
  const stamp = await readFile(join(settings.DIST_DIR, STAMP), 'utf8').then(JSON.parse).catch(() => null);
  if (!stamp) return 'no build yet';
  if (stamp.SITE_URL !== settings.SITE_URL || stamp.CONTENT_DIR !== settings.CONTENT_DIR) return 'SITE_URL or CONTENT_DIR changed';
  return stamp.inputs === (await fingerprint(settings)) ? null : 'sources changed since the last build';
}
