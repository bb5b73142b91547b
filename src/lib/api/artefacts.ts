/** Read access to build artefacts, shared by every route: cached texts, a bounded record cache, the search engine. */
import { ARTEFACTS, recordJsonPath } from '../paths.ts';
import { createSearchEngine, type SearchEngine } from '../search/search-engine.ts';
import { chunkPath, loadIndex } from '../search/index-files.ts';
import type { Listing } from '../search/listing.ts';
import { HttpError } from './http-error.ts';

/** Reads one artefact as text by its path under the build output (no leading slash); null when it does not exist. */
export type ReadArtefact = (path: string) => Promise<string | null>;

/** What the routes need from the build output. */
export interface Artefacts {
  text(path: string): Promise<string>;
  record(id: string): Promise<string | null>;
  engine(): Promise<SearchEngine>;
}

const unavailable = (what: string) =>
  new HttpError(503, 'service_unavailable', `the service cannot load its data (${what}); retry later`, { 'retry-after': '10' });

/**
 * Wraps a reader. Whole-file artefacts are cached once read; records sit in an LRU of `cacheSize`
 * entries so memory stays bounded on large corpora. A failed load is retried on the next request.
 */
export function createArtefacts(read: ReadArtefact, cacheSize = 2_000): Artefacts {
  const texts = new Map<string, Promise<string>>();
  const records = new Map<string, string>();
  let engine: Promise<SearchEngine> | undefined;

  async function required(path: string): Promise<string> {
    const text = await read(path).catch(() => null);
    if (text === null) throw unavailable(path);
    return text;
  }
  function text(path: string): Promise<string> {
    let pending = texts.get(path);
    if (!pending) {
      pending = required(path);
      pending.catch(() => texts.delete(path));
      texts.set(path, pending);
    }
    return pending;
  }

  return {
    text,
    async record(id) {
      const hit = records.get(id);
      if (hit !== undefined) {
        records.delete(id);
        records.set(id, hit);
        return hit;
      }
      let json: string | null;
      try {
        json = await read(recordJsonPath(id).slice(1));
      } catch {
        throw unavailable(`record ${id}`);
      }
      if (json === null) return null;
      records.set(id, json);
      if (records.size > cacheSize) records.delete(records.keys().next().value!);
      return json;
    },
    engine() {
      engine ??= (async () => {
        const [head, listing] = await Promise.all([required(ARTEFACTS.searchIndex), required(ARTEFACTS.listing)]);
        const index = await loadIndex(head, (n) => required(chunkPath(n)));
        return createSearchEngine(index, JSON.parse(listing) as Listing);
      })();
      engine.catch(() => (engine = undefined));
      return engine;
    },
  };
}
