import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, type ImportSummary } from '../../scripts/lib/run-import.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { readSettings } from '../../src/lib/config.ts';
import { startServerProcess, type StartedServer } from '../support/start-process.ts';
import { testBuildEnv, testSettings } from '../support/test-build.ts';
import { builtIds } from '../support/search.ts';

/** Searches whose ids, in order, must be the same before and after the round trip. */
const SEARCHES = [
  'q=permis',
  'q=examen%20th%C3%A9orique',
  'q=alcool&limit=20',
  'q=rijbewijs',
  "q=l'examen%20pratique",
  'q=conduire&region=wallonie',
  'q=permis&kind=lesson',
  'q=%C5%93il%20m%C3%A9decin',
  'q=permis%20conduire&offset=20',
  'kind=offer&limit=50',
  'region=flandre&offset=40',
  'q=auto-%C3%A9cole&kind=organization',
];

/** The API over a build folder, quota lifted. */
const apiOver = (dist: string) =>
  createApiHandler({ read: readDist(dist), quota: { limit: 1_000_000 }, siteUrl: testSettings.SITE_URL });
const getJson = async (api: ReturnType<typeof apiOver>, path: string) =>
  (await api(new Request(`http://rt.test/api/v1/${path}`), { clientAddress: '198.51.100.7' })).json();

/** Every record file of an imported folder: name → text (the state file names the source, so differs by address). */
async function folderFiles(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => name !== '.import-state.json').sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
}

describe('the round trip: import a deployment, build from the import', () => {
  let server: StartedServer;
  let out: string;
  let summary: ImportSummary;
  beforeAll(async () => {
    server = await startServerProcess({});
    out = join(await mkdtemp(join(tmpdir(), 'permis-roundtrip-')), 'records');
    summary = await runImport({ baseUrl: server.base, out });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('imports every record of npm start (default quota) in at most 12 requests', async () => {
    const ids = await builtIds();
    expect([summary.failed, summary.incomplete, summary.exitCode]).toEqual([[], undefined, 0]);
    expect(summary.added.sort()).toEqual([...ids].sort());
    expect(summary.requests).toBeLessThanOrEqual(12);
  });

  it('builds, with the same SITE_URL, a site whose every /facts/{id} is deep-equal and whose searches answer the same ids in order', async () => {
    const dist = join(out, '..', 'dist');
    await buildSite(readSettings({ SITE_URL: testSettings.SITE_URL, CONTENT_DIR: out, DIST_DIR: dist }), {
      quiet: true,
    });
    const [before, after] = [apiOver(testSettings.DIST_DIR), apiOver(dist)];
    const ids = await builtIds();
    let equal = 0;
    for (const id of ids) {
      expect(await getJson(after, `facts/${id}?po_live=1`), id).toEqual(await getJson(before, `facts/${id}?po_live=1`));
      equal += 1;
    }
    expect(equal).toBe(ids.length);
    for (const search of SEARCHES) {
      const [a, b] = (await Promise.all([
        getJson(before, `facts?po_live=1&${search}`),
        getJson(after, `facts?po_live=1&${search}`),
      ])) as { results: { id: string }[]; total: number }[];
      expect(
        b!.results.map((r) => r.id),
        search,
      ).toEqual(a!.results.map((r) => r.id));
      expect([b!.total, a!.results.length > 0]).toEqual([a!.total, true]);
    }
  }, 300_000);

  it('re-imports nothing when nothing changed', async () => {
    const again = await runImport({ baseUrl: server.base, out });
    expect([again.added, again.changed, again.removed, again.unchanged.length]).toEqual([
      [],
      [],
      [],
      summary.added.length,
    ]);
  }, 60_000);

  it('imports the same files from npm run edge as from npm start', async () => {
    const edgeOut = join(await mkdtemp(join(tmpdir(), 'permis-roundtrip-edge-')), 'records');
    // Every setting of the test build (a missing one would make npm run edge rebuild it under the other tests).
    const env = { ...process.env, ...testBuildEnv, PORT: '0', HOST: '127.0.0.1' };
    const child = spawn(process.execPath, ['scripts/edge.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk;
          const match = /ready in \d+ ms on (http:\/\/[^/]+)\//.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', () => reject(new Error(`npm run edge exited: ${output}`)));
      });
      const edge = await runImport({ baseUrl: origin, out: edgeOut });
      expect([edge.failed, edge.exitCode, edge.added.length]).toEqual([[], 0, summary.added.length]);
      expect(edge.requests).toBeLessThanOrEqual(12);
      expect(await folderFiles(edgeOut)).toEqual(await folderFiles(out));
    } finally {
      child.kill('SIGTERM');
    }
  }, 180_000);
});
