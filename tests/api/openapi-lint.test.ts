import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/lib/publish/openapi.ts';

const run = promisify(execFile);

/** Problems Redocly's recommended rules find in the document of a site at `siteUrl`, as rule ids. */
async function lint(siteUrl: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(buildOpenApi(siteUrl)));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const bin = join(import.meta.dirname, '../../node_modules/.bin/redocly');
    const { stdout } = await run(bin, ['lint', file, '--format=json'], { env, maxBuffer: 8 * 2 ** 20 }).catch(
      (error: { stdout: string }) => error,
    );
    return (JSON.parse(stdout) as { problems: { ruleId: string }[] }).problems.map((problem) => problem.ruleId);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Redocly lint (recommended rules) of the OpenAPI document', () => {
  it('finds nothing for a public address', async () => {
    expect(await lint('https://permis.example.be')).toEqual([]);
  }, 60_000);

  it('finds only the local server URL for a local build', async () => {
    expect(await lint('http://localhost:4321')).toEqual(['no-server-example.com']);
  }, 60_000);
});
