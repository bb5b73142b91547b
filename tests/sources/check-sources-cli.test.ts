/** `npm run check:sources` end to end: records linking to a local server, the table, JSON, Markdown, exit codes, the cache. */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksOfRecord } from '../../scripts/lib/sources/extract-links.ts';
import type { SourcesReport } from '../../scripts/lib/sources/report.ts';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';
import { startLinkServer, type LinkServer } from './link-server.ts';

const execFileAsync = promisify(execFile);
let server: LinkServer;
let dir: string;
beforeAll(async () => {
  server = await startLinkServer();
  const o = server.origin;
  dir = await writeCorpus({
    'a.md': recordSource(
      factFrontmatter({
        sources: [
          { url: `${o}/ok`, label: 'Bon', type: 'official' },
          { url: `${o}/missing`, label: 'Disparu', type: 'official' },
        ],
      }),
      `Voir [la page déplacée](${o}/chain/3).`,
    ),
    'b.md': recordSource(
      factFrontmatter({
        id: 'fait-0000000000000002',
        sources: [{ url: `${o}/missing`, label: 'Disparu aussi', type: 'source' }],
      }),
    ),
  });
});
afterAll(() => server.close());

/** Runs the command on the corpus; never rejects: returns the exit code and outputs. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['scripts/check-sources.ts', ...args], {
      env: { ...process.env, CONTENT_DIR: dir },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run check:sources', () => {
  it('reports dead links and moves at their file and line, writes JSON and Markdown, exits 1 on dead links; a second run sends no request', async () => {
    const out = await mkdtemp(join(tmpdir(), 'permis-check-sources-'));
    const files = [
      '--cache',
      join(out, 'cache.json'),
      '--json',
      join(out, 'report.json'),
      '--markdown',
      join(out, 'report.md'),
      '--delay',
      '0',
    ];
    const first = await run(...files);
    expect(first.code).toBe(1);
    const lines = first.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('dead') && l.includes('a.md:11'))).toMatch(
      /sources\[1\]\.url\s+http:\/\/127\.0\.0\.1:\d+\/missing\s+HTTP 404$/,
    );
    expect(lines.find((l) => l.startsWith('dead') && l.includes('b.md:'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('moved'))).toMatch(
      /a\.md:15\s+text\s+\S+\/chain\/3\s+→ \S+\/ok \(301 → 301 → 301 → 200\)$/,
    );
    expect(lines.at(-2)).toBe(
      '3 addresses in 4 links (0 fictional left out), 0 from the cache, 7 requests: 2 dead, 1 moved, 0 unverified, 0 slow hosts',
    );
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as SourcesReport;
    expect(report.dead.map((i) => [i.file.split('/').at(-1), i.line, i.field, i.reason])).toEqual([
      ['a.md', 11, 'sources[1].url', 'HTTP 404'],
      ['b.md', 8, 'sources[0].url', 'HTTP 404'],
    ]);
    expect(report.moved).toMatchObject([{ line: 15, field: 'text', movedTo: `${server.origin}/ok` }]);
    const markdown = await readFile(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('## Dead links (2)');
    expect(markdown).toContain(`| sources[1].url | <${server.origin}/missing> | HTTP 404 |`);
    expect(markdown).toContain(`## Moved permanently (1)`);

    const before = server.requests.length;
    const second = await run(...files, '--fail-on', 'none');
    expect(second.code).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(second.stdout).toContain(
      '3 addresses in 4 links (0 fictional left out), 3 from the cache, 0 requests: 2 dead, 1 moved',
    );
  });

  it('--fail-on moved fails on a move alone; --fail-on dead does not', async () => {
    const o = server.origin;
    const moved = await writeCorpus({
      'm.md': recordSource(factFrontmatter({ sources: [{ url: `${o}/chain/1`, label: 'Déplacé', type: 'official' }] })),
    });
    const cache = join(await mkdtemp(join(tmpdir(), 'permis-check-sources-')), 'cache.json');
    const runOn = (failOn: string) =>
      execFileAsync(
        process.execPath,
        ['scripts/check-sources.ts', '--cache', cache, '--delay', '0', '--fail-on', failOn],
        { env: { ...process.env, CONTENT_DIR: moved } },
      ).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    expect(await runOn('dead')).toBe(0);
    expect(await runOn('moved')).toBe(1);
  });

  it('stopped by Ctrl-C, keeps every result it had, and the next run checks only the rest', async () => {
    const o = server.origin;
    const corpus = await writeCorpus({
      'h.md': recordSource(
        factFrontmatter({
          sources: [
            { url: `${o}/ok`, label: 'Bon', type: 'official' },
            { url: `${o}/temporary`, label: 'Redirigé', type: 'official' },
            { url: `${o}/hang`, label: 'Muet', type: 'official' },
          ],
        }),
      ),
    });
    const out = await mkdtemp(join(tmpdir(), 'permis-check-sources-'));
    const cache = join(out, 'cache.json');
    const child = spawn(
      process.execPath,
      ['scripts/check-sources.ts', '--cache', cache, '--delay', '0', '--timeout', '600000'],
      { env: { ...process.env, CONTENT_DIR: corpus } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Waits for the cache file to hold the two links that answer (the third never does).
    const kept = async () =>
      Object.keys(
        (JSON.parse(await readFile(cache, 'utf8').catch(() => '{"results":{}}')) as { results: object }).results,
      );
    for await (const _ of watch(out)) if ((await kept()).length === 2) break;
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain(`interrupted: the results so far are in ${cache}; the next run checks only the rest`);
    expect((await kept()).sort()).toEqual([`${o}/ok`, `${o}/temporary`]);
    const before = server.requests.length;
    const rest = await execFileAsync(
      process.execPath,
      ['scripts/check-sources.ts', '--cache', cache, '--delay', '0', '--timeout', '100', '--fail-on', 'none'],
      { env: { ...process.env, CONTENT_DIR: corpus } },
    );
    // Only the link without a result is asked again (twice: a timeout is tried once more).
    expect(rest.stdout).toContain(
      '3 addresses in 3 links (0 fictional left out), 2 from the cache, 2 requests: 1 dead',
    );
    expect(server.requests.slice(before).filter((r) => r.path !== '/hang')).toEqual([]);
  });

  it('refuses a bad option with exit 2, naming it and its value', async () => {
    const bad = await run('--fail-on', 'sometimes');
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'check:sources: --fail-on must be one of dead, moved, none, got "sometimes" (npm run check:sources -- --help)\n',
    ]);
    expect((await run('--max-age', 'soon')).stderr).toBe(
      'check:sources: --max-age must be a duration such as 90m, 12h or 7d, got "soon" (npm run check:sources -- --help)\n',
    );
    expect((await run('--per-host', '0')).stderr).toBe(
      'check:sources: --per-host must be an integer of at least 1, got "0" (npm run check:sources -- --help)\n',
    );
  });
});

describe('the links of a record', () => {
  it("are its sources, its data object's website and the links of its text, each at its line; a fictional actor's own pages are flagged", () => {
    const source = [
      '---',
      'id: brand-0000000000000001',
      'kind: organization',
      'sources:',
      '  - url: https://www.belgium.be/fr',
      '    type: official',
      '  - url: https://www.example.be/auto-ecole',
      '    type: brand',
      'organization_data:',
      '  website: https://auto-ecole.example.be',
      '  fictional: true',
      '---',
      'Texte avec <https://www.goca.be/fr>, [un lien](https://mobilit.belgium.be/fr/page).',
      'Et https://www.awsr.be. Pas mailto:x@y.be.',
      '',
    ].join('\n');
    expect(linksOfRecord('x.md', source)).toEqual([
      { url: 'https://www.belgium.be/fr', file: 'x.md', line: 5, field: 'sources[0].url' },
      { url: 'https://www.example.be/auto-ecole', file: 'x.md', line: 7, field: 'sources[1].url', fictional: true },
      {
        url: 'https://auto-ecole.example.be',
        file: 'x.md',
        line: 10,
        field: 'organization_data.website',
        fictional: true,
      },
      { url: 'https://www.goca.be/fr', file: 'x.md', line: 13, field: 'text' },
      { url: 'https://mobilit.belgium.be/fr/page', file: 'x.md', line: 13, field: 'text' },
      { url: 'https://www.awsr.be', file: 'x.md', line: 14, field: 'text' },
    ]);
  });
});
