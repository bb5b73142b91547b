import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { createZeroResultLog, normalizeForLog, ZERO_RESULT_BOUNDS } from '../../src/lib/api/zero-results.ts';
import { candidates, renderSearchReport } from '../../scripts/lib/search-report.ts';
import { testSettings } from '../support/test-build.ts';

const TOKEN = 'a-report-token-of-32-characters!';
const handler = (options: { reportToken?: string } = {}) =>
  createApiHandler({ read: readDist(testSettings.DIST_DIR), quota: { limit: 1_000_000 }, ...options });
const get = (api: ReturnType<typeof handler>, path: string, headers: Record<string, string> = {}) =>
  api(new Request(`http://api.test${path}`, { headers }), { clientAddress: '203.0.113.9' });

describe('counting the queries that found nothing', () => {
  it('keeps only the folded significant words of a query, never more than the bound', () => {
    expect(normalizeForLog("Que risque-t-on avec l'ÉTHYLOTEST ?")).toBe('risque ethylotest');
    expect(normalizeForLog('de la le')).toBe('');
    expect(normalizeForLog('mot '.repeat(100)).length).toBeLessThanOrEqual(ZERO_RESULT_BOUNDS.chars);
  });

  it('holds at most its bound of distinct queries, the least recently seen forgotten first, and counts repeats', () => {
    const log = createZeroResultLog(3);
    for (const q of ['alpha', 'bravo', 'alpha', 'charly', 'delta', 'Alpha']) log.record(q);
    expect(log.size).toBe(3);
    expect(log.top(10)).toEqual([
      { q: 'alpha', count: 3 },
      { q: 'charly', count: 1 },
      { q: 'delta', count: 1 },
    ]);
  });

  it('counts /facts queries that find nothing (a cached answer too), and no other', async () => {
    const api = handler();
    for (const q of ['zyrkelzorg%20blip', 'zyrkelzorg%20blip', 'permis', 'ZYRKELZORG%20BLIP&kind=fact'])
      expect((await get(api, `/api/v1/facts?po_live=1&q=${q}`)).status).toBe(200);
    expect(api.zeroResults.top(10)).toEqual([{ q: 'zyrkelzorg blip', count: 3 }]);
  });

  it('reports them on GET /api/v1/_zero-results to the bearer of the token only, with no address, never cached', async () => {
    const api = handler({ reportToken: TOKEN });
    await get(api, '/api/v1/facts?po_live=1&q=mobylettezz');
    const answer = await get(api, '/api/v1/_zero-results', { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ distinct: 1, queries: [{ q: 'mobylettezz', count: 1 }] });
    expect(text).not.toContain('203.0.113.9');
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong' }, { authorization: TOKEN }]) {
      expect((await get(api, '/api/v1/_zero-results', headers)).status).toBe(404);
    }
    expect((await get(handler(), '/api/v1/_zero-results', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });
});

describe('npm run search:report', () => {
  const vocabulary: [string, string, number][] = [
    ['cyclomoteur', 'cyclomoteurs', 12],
    ['mobil', 'mobilité', 5],
    ['permi', 'permis', 300],
  ];

  it('proposes index words close to an unknown word as candidate synonym entries', () => {
    expect(candidates('cyclomoteurz', vocabulary).map(([, w]) => w)).toEqual(['cyclomoteurs']);
    const text = renderSearchReport(
      [
        { q: 'cyclomotorr permis', count: 4 },
        { q: 'zzzz', count: 1 },
      ],
      vocabulary,
    );
    expect(text).toContain('    4  cyclomotorr permis');
    expect(text).toContain('candidate: - from: cyclomotorr');
    expect(text).toContain('to: [cyclomoteurs]');
    expect(text).not.toContain('from: permis');
    expect(text).toContain('no record holds "zzzz" or a close word');
  });

  it('runs on a saved report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'search-report-'));
    const file = join(dir, 'report.json');
    await writeFile(file, JSON.stringify({ distinct: 1, queries: [{ q: 'mobylettes', count: 2 }] }));
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/search-report.ts', '--file', file], {
      env: { ...process.env, DIST_DIR: testSettings.DIST_DIR },
    });
    expect(stdout).toContain('    2  mobylettes');
  });

  it.each([
    {
      why: 'a bad --top',
      args: ['--top', 'x'],
      env: {},
      says: 'search:report: --top must be a positive integer, got "x"',
    },
    {
      why: 'a missing --file',
      args: ['--file', '/nonexistent/report.json'],
      env: {},
      says: 'search:report: cannot read --file /nonexistent/report.json',
    },
    {
      why: 'no token',
      args: ['--url', 'http://127.0.0.1:9'],
      env: { SEARCH_REPORT_TOKEN: '' },
      says: "search:report: set SEARCH_REPORT_TOKEN (the server's own)",
    },
    {
      why: 'a server that does not answer',
      args: ['--url', 'http://127.0.0.1:9'],
      env: { SEARCH_REPORT_TOKEN: 'a-token-of-16-chars-or-more' },
      says: 'search:report: http://127.0.0.1:9/api/v1/_zero-results: ',
    },
    {
      why: 'a token too short',
      args: [],
      env: { SEARCH_REPORT_TOKEN: 'x' },
      says: 'SEARCH_REPORT_TOKEN="x": must be at least 16 characters',
    },
  ])('stops on $why with one line saying what is wrong, and no stack trace', async ({ args, env, says }) => {
    const run = promisify(execFile)(process.execPath, ['scripts/search-report.ts', ...args], {
      env: { ...process.env, DIST_DIR: testSettings.DIST_DIR, ...env },
    });
    const error = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stderr: string } | null;
    expect(error?.code).toBe(1);
    expect(error!.stderr).toContain(says);
    expect(error!.stderr).not.toMatch(/\n\s+at /);
  });
});
