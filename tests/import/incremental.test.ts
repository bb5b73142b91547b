import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSummary, runImport } from '../../scripts/lib/run-import.ts';
import { pacedFetch } from '../../scripts/lib/import/paced-fetch.ts';
import { fakeFact, startFakeDeployment, type FakeDeployment } from '../support/fake-deployment.ts';

let fake: FakeDeployment | undefined;
afterEach(async () => fake?.close());

describe('re-running npm run import', () => {
  it('rewrites only what changed, reports what is gone, deletes it only with --prune, and writes nothing on --dry-run', async () => {
    const records = [fakeFact(1), fakeFact(2), fakeFact(3)];
    fake = await startFakeDeployment(records);
    const out = await mkdtemp(join(tmpdir(), 'permis-incremental-'));
    const run = (extra = {}) =>
      runImport({ baseUrl: `${fake!.origin}/api/v1`, out, paced: { perMinute: 100_000 }, ...extra });
    expect((await run()).added).toEqual(['fait-0000000000000001', 'fait-0000000000000002', 'fait-0000000000000003']);
    const untouched = await stat(join(out, 'fact-fiche-numero-1.md'));
    // A leftover of a killed import is removed; a changed title keeps the record's file name.
    await writeFile(join(out, '.fact-fiche-numero-2.md.999.tmp'), 'half');
    records[1] = fakeFact(2, { title: 'Nouveau titre' });
    records.splice(2, 1);
    const dry = await run({ dryRun: true, prune: true });
    expect([dry.changed, dry.removed]).toEqual([['fait-0000000000000002'], ['fait-0000000000000003']]);
    expect(await readFile(join(out, 'fact-fiche-numero-2.md'), 'utf8')).toContain('title: Fiche numéro 2');
    expect(formatSummary(dry, { out, dryRun: true, prune: true })).toContain(
      '[dry run, nothing written] added 0, changed 1, unchanged 1, would remove 1, failed 0',
    );
    const second = await run();
    expect([second.added, second.changed, second.unchanged, second.removed]).toEqual([
      [],
      ['fait-0000000000000002'],
      ['fait-0000000000000001'],
      ['fait-0000000000000003'],
    ]);
    // The counts say what the line above says: kept, not removed.
    expect(formatSummary(second, { out }).split('\n')).toEqual([
      'gone from the source (kept; run with --prune to delete): fait-0000000000000003',
      `added 0, changed 1, unchanged 1, kept 1 gone from the source, failed 0 (${second.requests} requests) → ${out}`,
    ]);
    expect(await readFile(join(out, 'fact-fiche-numero-2.md'), 'utf8')).toContain('title: Nouveau titre');
    expect((await stat(join(out, 'fact-fiche-numero-1.md'))).mtimeMs).toBe(untouched.mtimeMs);
    expect(await readdir(out)).toEqual([
      '.import-state.json',
      'fact-fiche-numero-1.md',
      'fact-fiche-numero-2.md',
      'fact-fiche-numero-3.md',
    ]);
    const pruned = await run({ prune: true });
    expect(pruned.removed).toEqual(['fait-0000000000000003']);
    expect(formatSummary(pruned, { out, prune: true })).toContain(
      'gone from the source (deleted): fait-0000000000000003\nadded 0, changed 0, unchanged 2, removed 1, failed 0',
    );
    expect(await readdir(out)).toEqual(['.import-state.json', 'fact-fiche-numero-1.md', 'fact-fiche-numero-2.md']);
  });

  it('never prunes after an incomplete walk', async () => {
    let down = false;
    fake = await startFakeDeployment([fakeFact(1)], (_u, res) => down && (res.writeHead(500).end('down'), true));
    const out = await mkdtemp(join(tmpdir(), 'permis-incremental-'));
    await runImport({ baseUrl: fake.origin, out, paced: { perMinute: 100_000 } });
    down = true;
    const broken = await runImport({ baseUrl: fake.origin, out, prune: true, paced: { perMinute: 100_000 } });
    expect(broken.incomplete).toMatch(/HTTP 500/);
    expect(await readdir(out)).toEqual(['.import-state.json', 'fact-fiche-numero-1.md']);
  });
});

describe('the import pace', () => {
  it('sends at most perMinute requests in any 60 s, waiting for the window to slide', async () => {
    let clock = 0;
    const sent: number[] = [];
    const paced = pacedFetch({
      perMinute: 118,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
      fetch: async () => (sent.push(clock), new Response('{}')),
    });
    for (let i = 0; i < 250; i++) await paced('http://x.test/');
    expect(paced.count()).toBe(250);
    for (let i = 118; i < sent.length; i++) expect(sent[i]! - sent[i - 118]!).toBeGreaterThanOrEqual(60_000);
    expect(sent[117]).toBe(0);
  });
});

describe('the npm run import command', () => {
  it('answers --help, refuses a bad base URL, and exits 1 with each failed record named when some fail', async () => {
    const { spawnSync, spawn } = await import('node:child_process');
    const help = spawnSync(process.execPath, ['scripts/import.ts', '--help'], { encoding: 'utf8' });
    expect([help.status, help.stdout.split('\n')[0]]).toEqual([
      0,
      'usage: npm run import -- <base_url> [--out DIR] [--prune] [--overwrite] [--dry-run] [--walk]',
    ]);
    expect(spawnSync(process.execPath, ['scripts/import.ts', 'ftp://x'], { encoding: 'utf8' }).status).toBe(2);
    fake = await startFakeDeployment([fakeFact(1), fakeFact(2, { sources: 'none' })]);
    const out = await mkdtemp(join(tmpdir(), 'permis-cli-'));
    const child = spawn(process.execPath, ['scripts/import.ts', fake.origin, '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(1);
    expect(stdout).toContain(
      'failed: record "fait-0000000000000002": sources: Invalid input: expected array, received string, got "none"',
    );
    expect(stdout).toMatch(
      new RegExp(
        `added 1, changed 0, unchanged 0, kept 0 gone from the source, failed 1 \\(2 requests\\) → ${out} in \\d+\\.\\d s`,
      ),
    );
  });
});
