/** An LRU bounded both in entries and in bytes, keys included: the one cache shape of the server and the search module. */
import { LRUCache } from 'lru-cache';

/** Bytes counted for each entry besides its key and value: the LRU's own slots and the Map entry. */
export const ENTRY_OVERHEAD_BYTES = 96;

/** Bounds of one cache. */
export interface CacheBounds {
  /** Most entries kept. */
  entries: number;
  /** Most bytes kept: keys (2 bytes a character), values as `sizeOf` counts them, and ENTRY_OVERHEAD_BYTES each. */
  bytes: number;
}

/**
 * An LRU with string keys. An entry larger than `bytes` on its own is not kept. `sizeOf` must not under-count:
 * it is taken once, when the entry is stored, so values that grow later reserve their room up front.
 */
export function boundedCache<V extends {}>(bounds: CacheBounds, sizeOf: (value: V) => number): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max: Math.max(1, Math.floor(bounds.entries)),
    maxSize: Math.max(1, Math.floor(bounds.bytes)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(2 * key.length + sizeOf(value) + ENTRY_OVERHEAD_BYTES)),
  });
}
