/**
 * What serving list answers from memory costs (docs/performance.md): the Node server's record cache (NODE_RECORD_CACHE)
 * filled with every record of a corpus, as list answers fill it, over record JSON made in memory exactly as the build
 * writes it (JSON.stringify of the record), and its search store's document blocks (NODE_SEARCH_FILES), where a list
 * answer finds its ids. Prints the heap and RSS each adds, and how many files a second pass over every record still
 * reads (0 when every record is served from memory). Then the same for the search index preloaded as the server
 * preloads it (NODE_SEARCH_FILES, NODE_TERM_INDICES): the memory, and what a second preload reads and keeps.
 */
import type { Fact } from '../../../src/lib/schema/fact.ts';
import { createArtefacts } from '../../../src/lib/api/artefacts.ts';
import { recordJsonPath } from '../../../src/lib/paths.ts';
import { NODE_RECORD_CACHE, NODE_SEARCH_FILES, NODE_TERM_INDICES } from '../../../src/adapters/node/site-server.ts';
import { openSearchEngine, openShardStore } from '../../../src/lib/search/index.ts';

/** Memory and reads of a record cache holding a whole corpus. */
export interface RecordMemory {
  records: number;
  /** Bytes of record JSON (UTF-8). */
  jsonBytes: number;
  /** Live heap and RSS added by the filled cache, after a full collection when --expose-gc is on. */
  heapMB: number;
  rssMB: number;
  /** Record files read by a second pass over every record (0: all served from memory). */
  secondPassReads: number;
  /** The same for the document blocks of every record: live heap and RSS added, and block files a second pass reads. */
  blocks: { heapMB: number; rssMB: number; secondPassReads: number };
}

const mb = (bytes: number) => bytes / 2 ** 20;
/** Runs a full collection when the process runs with --expose-gc (the bench does). */
const collect = () => (globalThis as { gc?: () => void }).gc?.();
/** Live heap (buffers included) and RSS added by `fill`, in MiB, each measured after a full collection. */
async function memoryAdded(fill: () => Promise<void>): Promise<{ heapMB: number; rssMB: number }> {
  collect();
  const before = process.memoryUsage();
  await fill();
  collect();
  const after = process.memoryUsage();
  return {
    heapMB: mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers),
    rssMB: mb(after.rss - before.rss),
  };
}

/** Fills a record cache of the Node server's bounds with every record, then reads every record again; the same with the document blocks of `files` (the search files, by path). */
export async function measureRecordMemory(
  facts: readonly Fact[],
  files: ReadonlyMap<string, string>,
): Promise<RecordMemory> {
  // First, alone: a record cache left for the collector during this pass would make its heap figure negative.
  const blocks = await measureBlockMemory(files);
  const json = new Map(facts.map((fact) => [recordJsonPath(fact.id).slice(1), JSON.stringify(fact)]));
  let reads = 0;
  const artefacts = createArtefacts(async (path) => {
    reads += 1;
    return json.get(path) ?? null;
  }, NODE_RECORD_CACHE);
  const pass = async () => {
    for (const fact of facts) await artefacts.record(fact.id);
  };
  const added = await memoryAdded(pass);
  reads = 0;
  await pass();
  let jsonBytes = 0;
  for (const text of json.values()) jsonBytes += Buffer.byteLength(text);
  return { records: facts.length, jsonBytes, ...added, secondPassReads: reads, blocks };
}

/** Reads every document block through a shard store of the Node server's bounds, twice, counting block files read the second time. */
async function measureBlockMemory(files: ReadonlyMap<string, string>): Promise<RecordMemory['blocks']> {
  let reads = 0;
  const store = await openShardStore(async (path) => {
    if (path.startsWith('search/docs/')) reads += 1;
    return files.get(path) ?? null;
  }, NODE_SEARCH_FILES);
  const positions = Array.from({ length: store.manifest.records }, (_, i) => i);
  // Page by page, as list answers read them.
  const pages = async () => {
    for (let at = 0; at < positions.length; at += 10) await store.docs(positions.slice(at, at + 10));
  };
  const added = await memoryAdded(pages);
  reads = 0;
  await pages();
  return { ...added, secondPassReads: reads };
}

/** Memory of every term of an index held by the Node server's bounds. */
export interface TermMemory {
  terms: number;
  /** Live heap and RSS added by the preload: every term decoded, its term index built and ordered, the vocabulary read. */
  heapMB: number;
  rssMB: number;
  /** Term files read by a second preload (0: every decoded term file kept). */
  secondPassReads: number;
  /** Term indices the cache holds after the preloads (all `terms`: none evicted, so none is ever built again). */
  keptTermIndices: number;
}

/** Preloads the index of `files` as the Node server does (SearchEngine.preload under its bounds), then once more. */
export async function measureTermMemory(files: ReadonlyMap<string, string>): Promise<TermMemory> {
  let reads = 0;
  const engine = await openSearchEngine(
    async (path) => {
      if (path.startsWith('search/terms/')) reads += 1;
      return files.get(path) ?? null;
    },
    { bounds: { files: NODE_SEARCH_FILES, termIndices: NODE_TERM_INDICES } },
  );
  let terms = 0;
  const added = await memoryAdded(async () => {
    terms = await engine.preload();
  });
  reads = 0;
  await engine.preload();
  return { terms, ...added, secondPassReads: reads, keptTermIndices: engine.termUsage().entries };
}
