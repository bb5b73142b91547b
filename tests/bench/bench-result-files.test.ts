import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createResultFiles, currentMachine, describeMachine, type Machine } from '../../scripts/bench/result-files.ts';

const machine: Machine = { cores: 2, cpu: 'AMD EPYC', memoryGiB: 24, node: 'v22.23.3' };
const date = new Date('2026-11-27T18:30:00.000Z');

describe('bench result files: the latest and a dated copy', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-results-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const json = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8')) as Record<string, unknown>;

  it('writes <name>.* and <date>-<name>.*, both naming the date, the machine and the command', async () => {
    const files = createResultFiles('edge', 'npm run bench:edge -- --sizes 355 --runs 5', { dir, date, machine });
    expect(await files.write({ json: { rows: [1] }, markdown: '# Edge\n' })).toBe(join(dir, '2026-11-27-edge.json'));
    expect((await readdir(dir)).sort()).toEqual(['2026-11-27-edge.json', '2026-11-27-edge.md', 'edge.json', 'edge.md']);
    const stamp = {
      date: '2026-11-27T18:30:00.000Z',
      machine,
      command: 'npm run bench:edge -- --sizes 355 --runs 5',
      rows: [1],
    };
    expect(await json('edge.json')).toEqual(stamp);
    expect(await json('2026-11-27-edge.json')).toEqual(stamp);
    const header =
      'Measured on 2026-11-27 18:30 UTC by `npm run bench:edge -- --sizes 355 --runs 5`; machine: 2 cores (AMD EPYC), 24 GiB RAM, Node v22.23.3.\n\n';
    expect(await readFile(join(dir, '2026-11-27-edge.md'), 'utf8')).toBe(`${header}# Edge\n`);
    expect(await readFile(join(dir, 'edge.md'), 'utf8')).toBe(`${header}# Edge\n`);
  });

  it('a second run of the same day gets its own dated file; a run that writes again rewrites its own', async () => {
    await createResultFiles('soak', 'npm run bench -- --soak', { dir, date, machine }).write({ json: { run: 1 } });
    const second = createResultFiles('soak', 'npm run bench -- --soak', { dir, date, machine });
    await second.write({ json: { run: 2 } });
    await second.write({ json: { run: 3 } });
    expect((await readdir(dir)).sort()).toEqual(['2026-11-27-soak-2.json', '2026-11-27-soak.json', 'soak.json']);
    expect((await json('2026-11-27-soak.json')).run).toBe(1);
    expect((await json('2026-11-27-soak-2.json')).run).toBe(3);
    expect((await json('soak.json')).run).toBe(3);
  });

  it('the latest files may hold more than the run (merged sizes); the dated ones hold the run only', async () => {
    const files = createResultFiles(
      { latest: 'latest', dated: 'bench' },
      'npm run bench -- --sizes 10000 --seconds 5',
      { dir, date, machine },
    );
    await files.write({
      json: { results: ['10000'] },
      markdown: 'run\n',
      latest: { json: { results: ['355', '10000'] }, markdown: 'merged\n' },
    });
    expect((await readdir(dir)).sort()).toEqual([
      '2026-11-27-bench.json',
      '2026-11-27-bench.md',
      'latest.json',
      'latest.md',
    ]);
    expect((await json('latest.json')).results).toEqual(['355', '10000']);
    expect((await json('2026-11-27-bench.json')).results).toEqual(['10000']);
    expect(await readFile(join(dir, 'latest.md'), 'utf8')).toBe('merged\n');
    expect(await readFile(join(dir, '2026-11-27-bench.md'), 'utf8')).toMatch(
      /^Measured on .* by `npm run bench -- --sizes 10000 --seconds 5`; .*\n\nrun\n$/,
    );
  });

  it('names this machine: its cores, memory and Node version', () => {
    const here = currentMachine();
    expect(here.cores).toBeGreaterThanOrEqual(1);
    expect(here.memoryGiB).toBeGreaterThanOrEqual(1);
    expect(here.node).toBe(process.version);
    expect(describeMachine(here)).toContain(`${here.cores} cores`);
  });
});
