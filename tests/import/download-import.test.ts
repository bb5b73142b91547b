/** npm run import through the deployment's download: one request for the file, the same folder as the walk writes. */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../scripts/lib/run-import.ts';
import { builtIds } from '../support/search.ts';
import { fakeFact, startFakeDeployment, type FakeDeployment } from '../support/fake-deployment.ts';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';

/** Every file of a folder: name → text. */
async function folderFiles(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
}
const folder = (name: string) => mkdtemp(join(tmpdir(), `permis-${name}-`));

describe('import through the download', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSiteServer();
  });
  afterAll(() => server.close());

  it('reads every record in two requests (catalogue, file) and writes the same folder, byte for byte, as the walk', async () => {
    const [viaDownload, viaWalk] = [await folder('download'), await folder('walk')];
    const download = await runImport({ baseUrl: server.origin, out: viaDownload });
    const walk = await runImport({ baseUrl: server.origin, out: viaWalk, walk: true });
    expect([download.via, download.requests, download.failed, download.exitCode]).toEqual(['download', 2, [], 0]);
    expect([walk.via, walk.failed, walk.exitCode]).toEqual(['walk', [], 0]);
    expect(walk.requests).toBe(Math.ceil((await builtIds()).length / 50));
    expect(download.added.sort()).toEqual((await builtIds()).sort());
    expect(download.warnings).toEqual(walk.warnings);
    expect(await folderFiles(viaDownload)).toEqual(await folderFiles(viaWalk));
  });
});

describe('a download that cannot be used', () => {
  let fake: FakeDeployment | undefined;
  afterAll(() => fake?.close());
  const records = [fakeFact(1), fakeFact(2)];
  const gz = gzipSync(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  /** A deployment whose catalogue advertises `gz` with `sha256`, serving `body` as the file. */
  const advertising = (sha256: string, body: Uint8Array = gz) =>
    startFakeDeployment(records, (url, res) => {
      if (url.pathname === '/api/v1/') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            downloads: {
              jsonl: {
                url: 'https://elsewhere.example/api/v1/downloads/permis-facts.jsonl.gz',
                bytes: body.length,
                sha256,
                records: 2,
              },
            },
          }),
        );
        return true;
      }
      if (url.pathname === '/api/v1/downloads/permis-facts.jsonl.gz')
        return (res.writeHead(307, { location: '/downloads/permis-facts.jsonl.gz' }).end(), true);
      if (url.pathname === '/downloads/permis-facts.jsonl.gz')
        return (res.writeHead(200, { 'content-type': 'application/gzip' }).end(body), true);
      return false;
    });

  it("is read from the advertised file on the deployment's own origin when it checks out", async () => {
    fake = await advertising(createHash('sha256').update(gz).digest('hex'));
    const summary = await runImport({ baseUrl: fake.origin, out: await folder('fake') });
    expect([summary.via, summary.added.length, summary.exitCode]).toEqual(['download', 2, 0]);
    expect(fake.requests).toEqual([
      '/api/v1/?po_live=1',
      '/api/v1/downloads/permis-facts.jsonl.gz?po_live=1',
      '/downloads/permis-facts.jsonl.gz',
    ]);
    await fake.close();
    fake = undefined;
  });

  it('is set aside with a warning naming why, and the walk reads the records instead', async () => {
    fake = await advertising('0'.repeat(64));
    const summary = await runImport({ baseUrl: fake.origin, out: await folder('fake') });
    expect([summary.via, summary.added.length, summary.exitCode]).toEqual(['walk', 2, 0]);
    expect(summary.warnings).toEqual([
      `the download could not be used (https://elsewhere.example/api/v1/downloads/permis-facts.jsonl.gz: SHA-256 ${createHash('sha256').update(gz).digest('hex')}, the catalogue says ${'0'.repeat(64)}; the catalogue may be from another build, or the file damaged); read through GET /facts instead`,
    ]);
    await fake.close();
    fake = undefined;
  });

  it('reports a line that is not JSON by its number, and walks instead', async () => {
    const bad = gzipSync('{"id":"fait-0000000000000001"}\nnot json\n');
    fake = await advertising(createHash('sha256').update(bad).digest('hex'), bad);
    const summary = await runImport({ baseUrl: fake.origin, out: await folder('fake') });
    expect(summary.via).toBe('walk');
    expect(summary.warnings[0]).toBe(
      'the download could not be used (https://elsewhere.example/api/v1/downloads/permis-facts.jsonl.gz: line 2 is not JSON: "not json"); read through GET /facts instead',
    );
  });
});
