/** Read access to build artefacts, shared by every route: cached files, a bounded record cache, the search engine. */
import { noteCache, type CacheTrace } from '../telemetry.ts';
import { boundedCache, type CacheBounds } from '../bounded-cache.ts';
import { recordJsonPath } from '../paths.ts';
import { openSearchEngine, type SearchBounds, type SearchEngine } from '../search/index.ts';
import { Entity, modifiedAtOf } from './entity.ts';
import { HttpError } from './http-error.ts';

/** Reads one artefact as text by its path under the build output (no leading slash); null when it does not exist. */
export type ReadArtefact = (path: string) => Promise<string | null>;

/** What the routes need from the build output. */
export interface Artefacts {
  /** A whole-file artefact served as it is (catalogue, openapi.json). */
  file(path: string): Promise<Entity>;
  /** One record's JSON, with its Last-Modified; null when no record has this id. `trace` hears whether it was cached. */
  record(id: string, trace?: CacheTrace): Promise<Entity | null>;
  engine(): Promise<SearchEngine>;
}

/** Default bounds of the record cache: 2,000 records and 32 MiB, keys and compressed forms included. */
export const RECORD_CACHE_BOUNDS: CacheBounds = { entries: 2_000, bytes: 32 * 2 ** 20 };

const unavailable = (what: string) =>
  new HttpError(503, 'service_unavailable', `the service cannot load its data (${what}); retry later`, {
    'retry-after': '10',
  });

/** Turns a whole-file artefact's text into what is served (the handler states its own rate limit there). */
export type ServedText = (path: string, text: string) => string;

/**
 * Wraps a reader. Whole-file artefacts (a fixed set of paths) are kept once read, as `served` turns them; records sit in an LRU
 * bounded in entries and bytes, so memory stays bounded on large corpora; the search engine's term files, document
 * blocks and term indices sit in LRUs bounded by `searchBounds` (default SEARCH_BOUNDS). A failed load is retried on
 * the next request.
 */
export function createArtefacts(
  read: ReadArtefact,
  recordBounds: CacheBounds = RECORD_CACHE_BOUNDS,
  searchBounds: Partial<SearchBounds> = {},
  served: ServedText = (_path, text) => text,
): Artefacts {
  const files = new Map<string, Promise<Entity>>();
  const records = boundedCache<Entity>(recordBounds, (entity) => entity.size);
  let engine: Promise<SearchEngine> | undefined;

  async function required(path: string): Promise<string> {
    const text = await read(path).catch(() => null);
    if (text === null) throw unavailable(path);
    return text;
  }

  return {
    file(path) {
      let pending = files.get(path);
      if (!pending) {
        pending = required(path).then((text) => Entity.fromText(served(path, text)));
        pending.catch(() => files.delete(path));
        files.set(path, pending);
      }
      return pending;
    },
    async record(id, trace) {
      const hit = records.get(id);
      noteCache('record', hit !== undefined, trace);
      if (hit !== undefined) return hit;
      let json: string | null;
      try {
        json = await read(recordJsonPath(id).slice(1));
      } catch {
        throw unavailable(`record ${id}`);
      }
      if (json === null) return null;
      // modified_at is read here, once per load, never per request.
      const entity = Entity.fromText(json, modifiedAtOf(json));
      entity.keepIn(records, id);
      return entity;
    },
    engine() {
      // Only the manifest and the listing are read here; term shards and document blocks load as queries need them.
      // A missing file answers 503 service_unavailable (from `required`), here and for shards read later.
      engine ??= openSearchEngine(required, { bounds: searchBounds });
      engine.catch(() => (engine = undefined));
      return engine;
    },
  };
}
