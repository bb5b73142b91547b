import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runImport, type ImportOptions } from '../../scripts/lib/run-import.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { fakeFact, startFakeDeployment, type FakeDeployment, type Misbehave } from '../support/fake-deployment.ts';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const waits: number[] = [];
/** Imports from the fake into a fresh folder inside a fresh parent (to see that nothing lands beside it); no real waiting. */
async function importFrom(
  records: Record<string, unknown>[],
  misbehave?: Misbehave,
  extra: Partial<ImportOptions> = {},
  redirect = false,
) {
  fake = await startFakeDeployment(records, misbehave, { redirect });
  const out = join(await mkdtemp(join(tmpdir(), 'permis-import-')), 'records');
  waits.length = 0;
  const sleep = async (ms: number) => void waits.push(ms);
  const summary = await runImport({ baseUrl: fake.origin, out, paced: { perMinute: 100_000 }, sleep, ...extra });
  return { summary, out, files: (await readdir(out)).sort(), beside: await readdir(dirname(out)) };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => fakeFact(i + 1));

describe('npm run import against a hostile source', () => {
  it('imports a well-behaved source with po_live=1, advancing by the results read, in as few requests as pages', async () => {
    const { summary, out } = await importFrom(many(120), undefined, {}, true);
    expect(summary.added).toHaveLength(120);
    expect(summary.exitCode).toBe(0);
    // The catalogue (it advertises no download), then 3 pages; po_live=1 from the start, so the source's 307 (to its canonical address) is never needed.
    expect(fake!.requests).toEqual([
      '/api/v1/?po_live=1',
      '/api/v1/facts?limit=50&offset=0&po_live=1',
      '/api/v1/facts?limit=50&offset=50&po_live=1',
      '/api/v1/facts?limit=50&offset=100&po_live=1',
    ]);
    expect((await readRecords(out, 'https://x.example')).map((f) => f.id)).toEqual(many(120).map((f) => f.id));
  });

  it.each([
    [
      'HTML instead of JSON',
      (_u: URL, res: import('node:http').ServerResponse) => (
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Bienvenue'), true
      ),
      /is not JSON: "<!doctype html><p>Bienvenue"/,
    ],
    [
      'invalid JSON',
      (_u: URL, res: import('node:http').ServerResponse) => (res.writeHead(200).end('{"results": ['), true),
      /is not JSON: "\{\\"results\\": \["/,
    ],
    [
      'JSON that is not a page',
      (_u: URL, res: import('node:http').ServerResponse) => (res.writeHead(200).end('{"items": []}'), true),
      /not a page of the spec \(an array "results" and an integer "total"\): \{"items":\[\]\}/,
    ],
    [
      'a 500',
      (_u: URL, res: import('node:http').ServerResponse) => (res.writeHead(500).end('boom'), true),
      /HTTP 500 without the API's JSON error body: "boom"/,
    ],
  ])('stops with a clear message on %s, writes nothing and exits 1', async (_name, misbehave, message) => {
    const { summary, files } = await importFrom(many(3), misbehave);
    expect(summary.incomplete).toMatch(message);
    expect([summary.exitCode, files]).toEqual([1, []]);
  });

  it('retries a storm of 503s a bounded number of times, then stops', async () => {
    const { summary } = await importFrom(
      many(3),
      (_u, res) => (
        res.writeHead(503, { 'retry-after': '2' }).end('{"error":{"code":"service_unavailable","message":"busy"}}'),
        true
      ),
    );
    expect(fake!.requests).toHaveLength(4);
    expect(waits).toEqual([2000, 2000, 2000]);
    expect(summary.incomplete).toBe('busy');
  });

  it('honours Retry-After on a 429, and gives up when the wait exceeds a minute', async () => {
    const once: Misbehave = (_u, res, hit) =>
      hit === 1 &&
      (res.writeHead(429, { 'retry-after': '7' }).end('{"error":{"code":"rate_limited","message":"slow down"}}'), true);
    const { summary } = await importFrom(many(3), once);
    expect([waits, summary.added.length, summary.exitCode]).toEqual([[7000], 3, 0]);
    const long = await importFrom(
      many(3),
      (_u, res) => (
        res
          .writeHead(429, { 'retry-after': '61' })
          .end('{"error":{"code":"rate_limited","message":"come back later"}}'),
        true
      ),
    );
    expect([waits, fake!.requests.length, long.summary.incomplete]).toEqual([[], 1, 'come back later']);
  });

  it('reports a redirect loop', async () => {
    const { summary } = await importFrom(
      many(3),
      (url, res) => (res.writeHead(307, { location: url.pathname + url.search }).end(), true),
    );
    expect(summary.incomplete).toMatch(/redirect/i);
  });

  it('imports every record when total lies high or low, and says so', async () => {
    const high = await importFrom(many(60), (url, res) => {
      const offset = Number(url.searchParams.get('offset'));
      res.end(JSON.stringify({ results: many(60).slice(offset, offset + 50), total: 1000, limit: 50, offset }));
      return true;
    });
    expect([high.summary.added.length, high.summary.exitCode]).toEqual([60, 0]);
    expect(high.summary.warnings).toEqual([
      'GET /facts: the source announced 1000 records but its pages ended after 60',
    ]);
    const low = await importFrom(many(120), (url, res) => {
      const offset = Number(url.searchParams.get('offset'));
      res.end(JSON.stringify({ results: many(120).slice(offset, offset + 50), total: 10, limit: 50, offset }));
      return true;
    });
    expect(low.summary.added).toHaveLength(120);
    expect(low.summary.warnings).toEqual(['GET /facts: the source announced 10 records but served more']);
  });

  it('stops on a page that repeats forever, after a few requests', async () => {
    const { summary } = await importFrom(
      many(50),
      (url, res) => (
        res.end(
          JSON.stringify({
            results: many(50),
            total: 1_000_000,
            limit: 50,
            offset: Number(url.searchParams.get('offset')),
          }),
        ),
        true
      ),
    );
    expect(fake!.requests.length).toBeLessThanOrEqual(8);
    expect(summary.incomplete).toMatch(/3 pages in a row brought no new record .* the source repeats its pages/);
    expect(summary.added).toHaveLength(50);
  });

  it('reports each bad record by id and field, imports the others, writes nothing outside --out and exits 1', async () => {
    const records = [
      fakeFact(1),
      fakeFact(2, { id: '../../../escape' }),
      fakeFact(3, { id: 'fait-ABC/../../x' }),
      fakeFact(4, { title: 42, regions: 'wallonie' }),
      fakeFact(5, { text: 'x'.repeat(10 * 1024 * 1024) }),
      fakeFact(6, { title: '../../../../tmp/evil' }),
      fakeFact(7),
    ];
    const { summary, files, beside, out } = await importFrom(records);
    expect(summary.failed).toEqual([
      'record "../../../escape": id: must match ^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$, got "../../../escape"',
      'record "fait-ABC/../../x": id: must match ^(?:(?:expertise-)?fait|page|brand|offer|person|professional)-[a-f0-9]{16}$, got "fait-ABC/../../x"',
      'record "fait-0000000000000004": title: Invalid input: expected string, received number, got 42',
      'record "fait-0000000000000004": regions: Invalid input: expected array, received string, got "wallonie"',
      expect.stringMatching(
        /^record "fait-0000000000000005": text: the record file would be \d+ bytes, over the limit of 262144 bytes \(256 KiB\) for a record file$/,
      ),
    ]);
    expect(summary.exitCode).toBe(1);
    expect(files).toEqual([
      '.import-state.json',
      'fact-fiche-numero-1.md',
      'fact-fiche-numero-7.md',
      'fact-tmp-evil.md',
    ]);
    expect(beside).toEqual(['records']);
    expect((await readRecords(out, 'https://x.example')).map((f) => f.id)).toEqual([
      'fait-0000000000000001',
      'fait-0000000000000006',
      'fait-0000000000000007',
    ]);
  });

  it('keeps fields of the data objects that this schema does not know, unchanged', async () => {
    const org = fakeFact(9, {
      id: 'brand-0000000000000009',
      kind: 'organization',
      organization_data: {
        organization_type: 'company',
        areas_served: ['wallonie'],
        fictional: true,
        foreign_rating: { stars: 4, note: 'à vérifier' },
        opening_hours: ['lu 9-17'],
      },
    });
    const { out } = await importFrom([org]);
    const [fact] = await readRecords(out, 'https://x.example');
    expect(fact!.organization_data).toEqual(org.organization_data);
    expect(await readFile(join(out, 'organization-fiche-numero-9.md'), 'utf8')).toContain(
      'foreign_rating:\n    stars: 4',
    );
  });

  it('narrows by kind, then by region, when total is more than offsets up to 10,000 reach', async () => {
    const regions = ['wallonie', 'bruxelles', 'flandre', 'belgique'];
    const records = Array.from({ length: 10_100 }, (_, i) =>
      fakeFact(i + 1, {
        regions: [regions[i % 4]!, ...(i % 7 === 0 ? ['belgique'] : [])].filter((r, k, all) => all.indexOf(r) === k),
      }),
    );
    const { summary } = await importFrom(records);
    expect(summary.added).toHaveLength(10_100);
    expect([summary.incomplete, summary.failed]).toEqual([undefined, []]);
    expect(fake!.requests.some((r) => r.includes('kind=fact&region=wallonie'))).toBe(true);
  }, 120_000);
});
