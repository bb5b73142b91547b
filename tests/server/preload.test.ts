import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { readSettings } from '../../src/lib/config.ts';
import { shardKeys, termShard } from '../../src/lib/search/index/shards.ts';
import { testBuildEnv } from '../support/test-build.ts';
import { linkCopy, ownFile } from '../support/link-copy.ts';

/** A search through the server's handler, as a client would send it. */
const search = async (site: ReturnType<typeof createSiteServer>, q: string) =>
  (
    await site.handler.reply({
      method: 'GET',
      url: `http://localhost/api/v1/facts?po_live=1&q=${encodeURIComponent(q)}`,
      headers: { get: () => null },
    })
  ).status;

describe('the server preloading a build whose term file is damaged', () => {
  let root = '';
  const errors: string[] = [];
  let site: ReturnType<typeof createSiteServer>;
  let damaged = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'preload-'));
    const dist = join(root, 'dist');
    await linkCopy(testBuildEnv.DIST_DIR!, dist);
    // The shard of "mobylette": one byte changed, so its integrity check fails when it is read.
    const { termShards } = JSON.parse(await readFile(join(dist, 'search/manifest.json'), 'utf8')) as {
      termShards: number;
    };
    const { families } = JSON.parse(await readFile(join(dist, 'search/synonyms.json'), 'utf8')) as {
      families: string[][];
    };
    damaged = `search/terms/${termShard(shardKeys(families)('mobylet'), termShards)}.json`;
    const text = await readFile(join(dist, damaged), 'utf8');
    await ownFile(join(dist, damaged));
    await writeFile(join(dist, damaged), text.replace('{', '{ '));
    site = createSiteServer(readSettings({ ...testBuildEnv, DIST_DIR: dist }), {
      log: () => undefined,
      logError: (line) => errors.push(line),
    });
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('still becomes ready, logs the damaged file it could not preload, answers the other terms, and 503 for the damaged ones', async () => {
    const warm = await site.warm();
    expect(warm.ok).toBe(true);
    const line = errors.find((e) => e.includes('cannot preload the search index'));
    expect(line).toContain(`[server] cannot preload the search index of ${join(root, 'dist')}:`);
    expect(line).toContain('its terms load on first use');
    expect(line).toContain(damaged);
    expect(await search(site, 'permis provisoire')).toBe(200);
    // The damaged file's terms fail as they did without a preload: 503 until the build is fixed.
    expect(await search(site, 'mobylette')).toBe(503);
  });
});
