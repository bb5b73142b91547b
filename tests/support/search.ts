/** Search engines for tests: over shards built in memory from records, or over the test build's files. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { buildShards, shardFileMap, type ShardOptions } from '../../src/lib/search/index/shard-build.ts';
import { openSearchEngine, type SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import type { SearchCacheBounds } from '../../src/lib/search/query/match-cache.ts';
import { readFullListing } from '../../src/lib/search/store/shard-store.ts';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { compileSynonyms, parseSynonyms } from '../../src/lib/search/index/synonyms-file.ts';
import { testSettings } from './test-build.ts';

/** Shard files built in memory, and every path a reader was asked for. */
export function memoryShards(facts: readonly Fact[], options: Partial<ShardOptions> = {}) {
  const files = shardFileMap(buildShards(facts, options));
  const reads: string[] = [];
  const read = async (path: string) => {
    reads.push(path);
    return files.get(path) ?? null;
  };
  return { files, reads, read };
}

/** An engine over shards built in memory from `facts`. */
export function engineFor(
  facts: readonly Fact[],
  options: { cache?: Partial<SearchCacheBounds>; build?: Partial<ShardOptions> } = {},
): Promise<SearchEngine> {
  return openSearchEngine(memoryShards(facts, options.build).read, options.cache ? { cache: options.cache } : {});
}

/**
 * Shards built in memory from fact records [id, title, body] (all of Belgium, no sources), with the synonyms file
 * `yaml` (none when empty): the files, and a search listing the ids of up to 50 records for q.
 */
export async function searchOver(records: readonly [id: string, title: string, body: string][], yaml = '') {
  const facts = buildCorpus(
    records.map(([id, title, body]) => ({
      file: `${id}.md`,
      frontmatter: { id, kind: 'fact', title, regions: ['belgique'], sources: [] },
      body,
    })),
    'https://x.example',
  );
  const { files, read } = memoryShards(
    facts,
    yaml ? { synonyms: compileSynonyms(parseSynonyms(yaml, 'synonyms.yaml')) } : {},
  );
  const engine = await openSearchEngine(read);
  return { files, search: async (q: string) => (await engine.search({ q, limit: 50, offset: 0 })).ids };
}

/** Reads a file of the test build. */
export const readBuilt = (path: string) => readFile(join(testSettings.DIST_DIR, path), 'utf8');

/** An engine over the test build's search files. */
export function builtEngine(options: { cache?: Partial<SearchCacheBounds> } = {}): Promise<SearchEngine> {
  return openSearchEngine(readBuilt, options);
}

/** Every record id of a build, in listing (id) order, from its document blocks. */
export async function builtIds(read: (path: string) => Promise<string> = readBuilt): Promise<string[]> {
  return (await readFullListing(read)).ids;
}
