import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_SEARCH_FILES, NODE_TERM_INDICES } from '../../src/adapters/node/site-server.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { fieldBoosts } from '../../src/lib/search/score/score.ts';
import { openShardStore } from '../../src/lib/search/store/shard-store.ts';
import {
  createTermIndexCache,
  TERM_INDEX_BOUNDS,
  type TermIndex,
  type TermIndexBounds,
} from '../../src/lib/search/score/term-index.ts';
import { testSettings } from '../support/test-build.ts';
import { readBuilt } from '../support/search.ts';

/** Every term of the test build, from its hash shards (a large term is listed there too, by its file number). */
async function allTerms(): Promise<string[]> {
  const names = (await readdir(join(testSettings.DIST_DIR, 'search/terms'))).filter((name) => /^\d+\.json$/.test(name));
  const shards = await Promise.all(names.map((name) => readBuilt(`search/terms/${name}`)));
  return shards.flatMap((text) => Object.keys(JSON.parse(text) as object));
}

/** Term files read, and term indices built again, by a second pass over every term with these bounds. */
async function secondPass(terms: readonly string[], bounds: TermIndexBounds) {
  let reads = 0;
  const store = await openShardStore((path) => {
    if (path.startsWith('search/terms/')) reads += 1;
    return readBuilt(path);
  }, NODE_SEARCH_FILES);
  const { manifest, kindRegions } = store;
  const weights = {
    boosts: fieldBoosts(manifest.fields),
    averages: manifest.averageFieldLength,
    records: manifest.records,
    titleField: manifest.fields.indexOf('title'),
    leadField: manifest.fields.indexOf('lead'),
  };
  const cache = createTermIndexCache(weights, kindRegions, bounds);
  const first = new Map<string, TermIndex>();
  for (const term of terms) first.set(term, cache.get((await store.postings([term]))[0]!));
  reads = 0;
  let rebuilt = 0;
  for (const term of terms) if (cache.get((await store.postings([term]))[0]!) !== first.get(term)) rebuilt += 1;
  return { reads, rebuilt };
}

describe("the Node server's search bounds", () => {
  it('keep every term of the index decoded and its term index built: a second pass over every term reads no file and builds nothing again', async () => {
    const terms = await allTerms();
    expect(terms.length).toBeGreaterThan(TERM_INDEX_BOUNDS.entries);
    expect(await secondPass(terms, NODE_TERM_INDICES)).toEqual({ reads: 0, rebuilt: 0 });
  });

  it("with the library's default term index bound, the same pass builds terms again (what the Node bound avoids)", async () => {
    const { rebuilt } = await secondPass(await allTerms(), TERM_INDEX_BOUNDS);
    expect(rebuilt).toBeGreaterThan(0);
  });
});

describe('preloading the search index (what the Node server does before it is ready)', () => {
  const QUERIES = [
    'permis provisoire',
    'mobylette',
    'provisiore',
    'que risque-t-on en roulant avec un permis expiré',
    'examen théorique',
  ];
  /** A handler over the test build with the Node server's search bounds, and the term and vocabulary files it reads. */
  function counted() {
    const reads: string[] = [];
    const api = createApiHandler({
      read: (path) => (reads.push(path), readBuilt(path)),
      search: { files: NODE_SEARCH_FILES, termIndices: NODE_TERM_INDICES },
      quota: { limit: 1_000 },
      replyCache: { entries: 0, bytes: 0 },
    });
    const search = async (q: string) =>
      (
        await api.reply({
          method: 'GET',
          url: `http://localhost/api/v1/facts?po_live=1&q=${encodeURIComponent(q)}`,
          headers: { get: () => null },
        })
      ).status;
    const searchFiles = () =>
      reads.filter((path) => path.startsWith('search/terms/') || path.startsWith('search/words/'));
    return { api, search, reads, searchFiles };
  }

  it('reads every term and vocabulary file once, so that later searches, typos and questions read none', async () => {
    const { api, search, reads, searchFiles } = counted();
    expect(await api.preload()).toBe((await allTerms()).length);
    expect(searchFiles().length).toBeGreaterThan(0);
    reads.length = 0;
    for (const q of QUERIES) expect(await search(q)).toBe(200);
    expect(searchFiles()).toEqual([]);
  });

  it('without it, the same searches read term and vocabulary files', async () => {
    const { search, searchFiles } = counted();
    for (const q of QUERIES) expect(await search(q)).toBe(200);
    expect(searchFiles().length).toBeGreaterThan(0);
  });
});
