import {
  mkdtemp,
  readdir,
  readFile,
  rm,
  truncate as truncateFile,
  unlink,
  writeFile as writeBytes,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDist, verifyDist } from '../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { INTEGRITY_FILE, integrityBucket, integrityBucketPath } from '../../src/lib/integrity.ts';
import { recordJsonPath } from '../../src/lib/paths.ts';
import { expectError, ORIGIN } from '../support/api.ts';
import { linkCopy, ownFile } from '../support/link-copy.ts';
import { testSettings } from '../support/test-build.ts';

let dist: string;
let logs: string[];
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'permis-integrity-'));
  await linkCopy(testSettings.DIST_DIR, dist);
  logs = [];
});
afterEach(() => rm(dist, { recursive: true, force: true }));
// The copies share the test build's bytes: damage goes through ownFile first, and the test build must come out whole.
afterAll(async () => {
  await verifyDist(testSettings.DIST_DIR);
});

/** Truncates a file of the copy (its own bytes: the test build keeps its own). */
async function truncate(file: string, length: number): Promise<void> {
  await ownFile(file);
  await truncateFile(file, length);
}
/** Rewrites a file of the copy (its own bytes: the test build keeps its own). */
async function writeFile(file: string, data: string): Promise<void> {
  await ownFile(file);
  await writeBytes(file, data);
}

function handler() {
  return createApiHandler({ read: readDist(dist, { log: (line) => logs.push(line) }), quota: { limit: 1_000_000 } });
}
const get = (h: ReturnType<typeof handler>, path: string) =>
  h(new Request(`${ORIGIN}${path}`), { clientAddress: '203.0.113.9' });
/** Record ids of the build, in id order (the first one is on the first /facts page without q). */
async function ids(): Promise<string[]> {
  return (await readdir(join(dist, 'api/v1/facts'))).filter((name) => !/\.(br|gz)$/.test(name)).sort();
}
async function firstId(): Promise<string> {
  return (await ids())[0]!;
}
async function expect503(response: Response): Promise<void> {
  expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  await expectError(response, 503, 'service_unavailable');
}

describe('integrity checks on the build output', () => {
  it('accepts an intact build at start and names its build id', async () => {
    const manifest = JSON.parse(await readFile(join(dist, INTEGRITY_FILE), 'utf8'));
    expect(await verifyDist(dist)).toBe(manifest.buildId);
  });

  it('refuses to start without the manifest, saying to rebuild', async () => {
    await unlink(join(dist, INTEGRITY_FILE));
    await expect(verifyDist(dist)).rejects.toThrow(
      `${join(dist, INTEGRITY_FILE)} is missing (ENOENT): this is not a complete build of this version; run npm run build`,
    );
  });

  it('refuses to start when a fixed artefact is damaged, listing each one', async () => {
    await writeFile(join(dist, 'api/v1/openapi.json'), '{"openapi": "3.1.0", "paths": {}}');
    await truncate(join(dist, 'search/listing.json'), 10);
    const error = await verifyDist(dist).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^The build in .* is damaged; run npm run build:\n/);
    expect(error?.message).toContain('  - api/v1/openapi.json: 33 bytes, the build wrote');
    expect(error?.message).toContain('  - search/listing.json: 10 bytes, the build wrote');
  });

  it('answers 503 for a truncated record, logging it once however often it is asked for', async () => {
    const id = await firstId();
    await truncate(join(dist, recordJsonPath(id).slice(1)), 20);
    const h = handler();
    for (let i = 0; i < 3; i++) await expect503(await get(h, `/api/v1/facts/${id}?po_live=1`));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(`${recordJsonPath(id).slice(1)}: damaged: 20 bytes, the build wrote`);
  });

  it('answers 503 for a record of the right size but other bytes, and for an empty one', async () => {
    const [a, b] = await ids();
    const fileA = join(dist, recordJsonPath(a!).slice(1));
    const text = await readFile(fileA, 'utf8');
    await writeFile(
      fileA,
      text.replace(/"title":"./, (m) => m.slice(0, -1) + (m.endsWith('X') ? 'Y' : 'X')),
    );
    await writeFile(join(dist, recordJsonPath(b!).slice(1)), '');
    const h = handler();
    await expect503(await get(h, `/api/v1/facts/${a}?po_live=1`));
    await expect503(await get(h, `/api/v1/facts/${b}?po_live=1`));
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(
      /: damaged: sha256 [0-9a-f]{12}…, the build wrote [0-9a-f]{12}…; answering 503 until it is rebuilt$/,
    );
    expect(logs[1]).toMatch(/: damaged: 0 bytes, the build wrote \d+ bytes; answering 503 until it is rebuilt$/);
  });

  it('answers 503, by id and in every /facts page that holds it, for a listed record deleted from disk', async () => {
    const id = await firstId();
    await unlink(join(dist, recordJsonPath(id).slice(1)));
    const h = handler();
    await expect503(await get(h, `/api/v1/facts/${id}?po_live=1`));
    await expect503(await get(h, '/api/v1/facts?po_live=1&limit=1'));
    expect(logs).toEqual([
      `[read-dist] ${join(dist, recordJsonPath(id).slice(1))}: listed in ${INTEGRITY_FILE} but missing; answering 503 until it is rebuilt`,
    ]);
  });

  it('answers 503 on every data route when the manifest is missing, and 404 stays 404 for ids the build never made', async () => {
    const h = handler();
    await expectError(await get(h, '/api/v1/facts/fait-00000000000000ff?po_live=1'), 404, 'record_not_found');
    await unlink(join(dist, INTEGRITY_FILE));
    const fresh = handler();
    await expect503(await get(fresh, '/api/v1/facts/fait-00000000000000ff?po_live=1'));
    await expect503(await get(fresh, '/api/v1/?po_live=1'));
    expect(logs).toHaveLength(1);
  });

  it('answers 503 for a record whose manifest bucket is missing, saying to rebuild, and refuses to start without it', async () => {
    const id = await firstId();
    const head = JSON.parse(await readFile(join(dist, INTEGRITY_FILE), 'utf8')) as { buckets: number };
    const bucket = integrityBucketPath(integrityBucket(recordJsonPath(id).slice(1), head.buckets));
    await unlink(join(dist, bucket));
    await expect503(await get(handler(), `/api/v1/facts/${id}?po_live=1`));
    expect(logs).toEqual([
      `[read-dist] ${join(dist, INTEGRITY_FILE)}: ${join(dist, bucket)} is missing (ENOENT): this is not a complete build of this version; run npm run build; answering 503 until it is rebuilt`,
    ]);
    // verifyDist reads the buckets of the fixed artefacts only; with every bucket gone it cannot start.
    for (let n = 0; n < head.buckets; n++) await rm(join(dist, integrityBucketPath(n)), { force: true });
    await expect(verifyDist(dist)).rejects.toThrow(/\.integrity\/\d+\.json is missing \(ENOENT\)/);
  });

  it('answers 503 for a corrupt openapi.json instead of serving it', async () => {
    const file = join(dist, 'api/v1/openapi.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text.slice(0, -1)} `);
    await expect503(await get(handler(), '/api/v1/openapi.json'));
  });
});

describe('integrity checks on search files read lazily', () => {
  it('answers 503 to a search whose term shard is damaged, and 200 to searches that do not need it', async () => {
    const shards = (await readdir(join(dist, 'search/terms'))).filter((name) => /^\d+\.json$/.test(name));
    const shard = JSON.parse(await readFile(join(dist, 'search/terms', shards[0]!), 'utf8')) as Record<string, unknown>;
    const h = handler();
    // A term of this shard that a query reaches as it is (the query's own folding keeps it).
    let term: string | undefined;
    for (const candidate of Object.keys(shard)
      .filter((t) => /^[a-z]{5,}$/.test(t))
      .slice(0, 30)) {
      if ((await get(h, `/api/v1/facts?po_live=1&limit=1&q=${candidate}`)).status === 200) {
        term = candidate;
        break;
      }
    }
    expect(term).toBeDefined();
    await truncate(join(dist, 'search/terms', shards[0]!), 5);
    const fresh = handler();
    await expect503(await get(fresh, `/api/v1/facts?po_live=1&limit=1&q=${term}`));
    expect((await get(fresh, '/api/v1/facts?po_live=1&limit=1')).status).toBe(200);
    expect(logs.filter((l) => l.includes(`search/terms/${shards[0]}: damaged`))).toHaveLength(1);
  });
});
